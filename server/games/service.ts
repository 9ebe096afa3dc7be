import type { Game } from '../../contract/index.ts';
import type { PublicCache } from '../scripts/public-cache.ts';
import { toGame } from './presenter.ts';
import type { GameRepository } from './repository.ts';

/** The public list of games, cached like every public answer (its counts change with any script). */
export class GameService {
  constructor(
    private readonly repository: GameRepository,
    private readonly cache: PublicCache,
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
}
