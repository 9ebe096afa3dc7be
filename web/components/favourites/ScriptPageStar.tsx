import { useEffect } from 'react';
import { markSeen } from '../../lib/favourites.ts';
import { FavouriteStar } from './FavouriteStar.tsx';

/** The script page's star; opening the page marks a starred script's current version as seen. */
export function ScriptPageStar({ script }: { script: { id: number; version: number; playsname: string } }) {
  useEffect(() => markSeen(script.id, script.version), [script.id, script.version]);
  return <FavouriteStar id={script.id} version={script.version} name={script.playsname} className="shrink-0" />;
}
