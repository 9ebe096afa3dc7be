import { GamesSection } from '../../features/admin/components/GamesSection.tsx';

/** /admin/dashboard/games: the games scripts are for. */
export default function AdminGamesRoute() {
  return <GamesSection />;
}
