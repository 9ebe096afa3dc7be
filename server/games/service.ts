import type { Game } from '../../contract/index.ts';
import { AppError, badRequest, conflict, notFound } from '../shared/errors.ts';
import type { ImageService, UploadedImage } from '../images/image-service.ts';
import type { ProcessedImage } from '../images/pipeline.ts';
import { type AuditLog, changesBetween, snapshot } from '../audit/service.ts';
import type { GameRow } from '../db/types.ts';
import { both, mapped, type Within } from '../db/within.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import type { Principal } from '../policies/policies.ts';
import { toGame } from './presenter.ts';
import type { GameRepository, GameWrite } from './repository.ts';

export interface GameInput {
  name: string;
  placeId?: string | null | undefined;
  icon?: UploadedImage | undefined;
}

export interface GameEdit {
  name?: string | undefined;
  placeId?: string | null | undefined;
  icon?: UploadedImage | undefined;
  removeIcon?: boolean | undefined;
}

const NAME_TAKEN = () => conflict('A game with this name already exists', { name: 'Another game has this name' });

/**
 * The public list of games, cached like every public answer (its counts change with any script), and
 * the admin's game management (docs/decisions/0013-games-and-script-facts.md#games): names unique in any case, slugs fixed at
 * creation, icons through the image pipeline (a failed write leaves no file behind).
 */
export class GameService {
  constructor(
    private readonly repository: GameRepository,
    private readonly cache: PublicCache,
    private readonly images?: ImageService,
    private readonly audit?: AuditLog,
  ) {}

  listAnswer() {
    return this.cache.remember('games', async () => (await this.repository.listWithCounts()).map(toGame));
  }

  async list(): Promise<Game[]> {
    return (await this.listAnswer()).value;
  }

  /** The game with this slug, or undefined. */
  async bySlug(slug: string): Promise<Game | undefined> {
    return (await this.list()).find((game) => game.slug === slug);
  }

  /** Creates a game; `actor` (a staff write) records it in the moderation log. */
  async create(input: GameInput, actor?: Principal, answered?: Within<Game>): Promise<Game> {
    const icon = await this.prepare(input.icon);
    const logged = this.audit?.within<GameRow>(actor, (row) => ({ action: 'game.create', object: gameObject(row), changes: snapshot(gameFacts(row), 'to') }));
    const inside = both(logged, mapped(answered, (row: GameRow) => toGame({ ...row, scripts: 0 })));
    const written = await this.withIcon(icon, () => this.repository.create({ name: input.name, placeId: input.placeId ?? null, iconKey: icon?.key ?? null }, inside));
    const { row } = this.settled(written);
    this.cache.changed({ kind: 'games' });
    return toGame({ ...row, scripts: 0 });
  }

  async update(id: number, input: GameEdit, actor?: Principal): Promise<Game> {
    if (input.icon && input.removeIcon) throw badRequest('Send a new icon or removeIcon=true, not both', { removeIcon: 'Not with a new icon' });
    const before = await this.repository.findById(id);
    if (!before) throw notFound('Game not found');
    const icon = await this.prepare(input.icon);
    const iconKey = icon ? icon.key : input.removeIcon ? null : undefined;
    const logged = this.audit?.within<{ row: GameRow; before: GameRow }>(actor, ({ row, before: current }) => {
      const changes = changesBetween(gameFacts(current), gameFacts(row));
      return changes && { action: 'game.update', object: gameObject(row), changes };
    });
    const written = await this.withIcon(icon, () => this.repository.update(id, { name: input.name, placeId: input.placeId, iconKey }, logged));
    const { row, previousIconKey } = this.settled(written);
    this.cache.changed({ kind: 'games' });
    if (previousIconKey && previousIconKey !== row.icon_key) await this.images?.remove(previousIconKey);
    return toGame({ ...row, scripts: await this.repository.scriptCount(id) });
  }

  /** Deletes the game; its scripts stay, without a game. */
  async delete(id: number, actor?: Principal): Promise<void> {
    const logged = this.audit?.within<GameRow>(actor, (row) => ({ action: 'game.delete', object: gameObject(row), changes: snapshot(gameFacts(row), 'from') }));
    const deleted = await this.repository.delete(id, logged);
    if (!deleted) throw notFound('Game not found');
    this.cache.changed({ kind: 'games' });
    if (deleted.icon_key) await this.images?.remove(deleted.icon_key);
  }

  /** A write's row, or its refusal as the error the caller gets (thrown inside withIcon, so the icon goes again). */
  private settled(written: GameWrite): Exclude<GameWrite, { conflict: 'name' } | undefined> {
    if (!written) throw notFound('Game not found');
    if ('conflict' in written) throw NAME_TAKEN();
    return written;
  }

  private async prepare(upload: UploadedImage | undefined): Promise<ProcessedImage | undefined> {
    if (!upload || !this.images) return undefined;
    try {
      return await this.images.prepare(upload);
    } catch (error) {
      throw asIconError(error);
    }
  }

  /** Stores the icon around the row write; a refused or failed write releases its files. */
  private withIcon(icon: ProcessedImage | undefined, write: () => Promise<GameWrite>): Promise<GameWrite> {
    if (!icon || !this.images) return write();
    return this.images.store(icon, async () => this.settled(await write()));
  }
}

/** A game as the moderation log names it, and the facts it keeps of it (the icon by its key, never its bytes). */
function gameObject(row: { id: number; name: string }) {
  return { type: 'game' as const, id: row.id, label: row.name };
}
function gameFacts(row: { name: string; place_id: string | null; icon_key: string | null }) {
  return { name: row.name, placeId: row.place_id, icon: row.icon_key };
}

/** The image pipeline names its field `image`; here the file is the `icon`. */
function asIconError(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fields || !('image' in error.fields)) return error;
  const { image, ...rest } = error.fields;
  return new AppError(error.statusCode, error.code, error.message, { ...rest, icon: image as string }, error.extra);
}
