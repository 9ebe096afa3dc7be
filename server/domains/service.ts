import { type BlockedDomain, foldDomain, hostMatches } from '../../contract/index.ts';
import { badRequest, conflict, notFound } from '../shared/errors.ts';
import type { AuditLog } from '../audit/service.ts';
import type { BlockedDomainRow } from '../db/types.ts';
import { both, mapped, type Within } from '../db/within.ts';
import type { PublicCache } from '../cache/public-cache.ts';
import type { Principal } from '../policies/policies.ts';
import { toBlockedDomain } from './presenter.ts';
import type { DomainRepository } from './repository.ts';

/** The public cache's key of the trusted list; only `{ kind: 'all' }` (a trust change) reaches it. */
const TRUSTED_KEY = 'trusted-domains';

/**
 * The admin's blocked and trusted domains (docs/decisions/0018-loader-analysis.md#blocked-and-trusted-domains): a loader
 * that fetches from a blocked domain or its subdomain is not saved; a trusted domain's code is
 * information only on the script's page.
 */
export class DomainService {
  constructor(
    private readonly repository: DomainRepository,
    private readonly cache: PublicCache,
    private readonly audit?: AuditLog,
  ) {}

  async list(): Promise<BlockedDomain[]> {
    return (await this.repository.list()).map(toBlockedDomain);
  }

  /** Adds a domain; `actor` (a staff write) records it in the moderation log, and `answered` its key's answer, both in its transaction. */
  async add(domain: string, trusted: boolean, actor?: Principal, answered?: Within<BlockedDomain>): Promise<BlockedDomain> {
    const logged = this.audit?.within<BlockedDomainRow>(actor, (row) => {
      const added = toBlockedDomain(row);
      return { action: 'blocked-domain.create', object: domainObject(added), changes: { domain: { to: added.domain }, trusted: { to: added.trusted } } };
    });
    const row = await this.repository.add(domain, trusted, both(logged, mapped(answered, toBlockedDomain)));
    if (!row) throw conflict(`${domain} is already on the list`, { domain: 'Already on the list' });
    if (trusted) this.cache.changed({ kind: 'all' });
    return toBlockedDomain(row);
  }

  async delete(id: number, actor?: Principal): Promise<void> {
    const logged = this.audit?.within<BlockedDomainRow>(actor, (row) => {
      const removed = toBlockedDomain(row);
      return { action: 'blocked-domain.delete', object: domainObject(removed), changes: { domain: { from: removed.domain }, trusted: { from: removed.trusted } } };
    });
    const row = await this.repository.delete(id, logged);
    if (!row) throw notFound('Domain not found');
    if (Number(row.trusted) === 1) this.cache.changed({ kind: 'all' });
  }

  /** The trusted domains, cached like a public answer (a trust change drops every answer it can reach). */
  async trusted(): Promise<string[]> {
    return (await this.cache.remember(TRUSTED_KEY, () => this.repository.domains(true))).value;
  }

  /**
   * Refuses a loader that fetches from a blocked domain: 400 naming the host and the listed domain,
   * before anything is stored. `hosts` are the save's own analysis's (one analysis per save:
   * docs/decisions/0022-linear-bounded-off-thread-loader-analysis.md). The list is read from the database
   * on every save, so every process enforces it as it is.
   */
  async checkLoader(hosts: readonly string[]): Promise<void> {
    const named = await this.blockedHost(hosts);
    if (named) throw badRequest(`The loader fetches code from a blocked domain: ${named}`, { loadstring: `Fetches from ${named}, which this site blocks` });
  }

  /**
   * Refuses a key link (an https: URL, contract/script-form.ts) whose host is a blocked domain or its
   * subdomain, by the loader's rule: the host folded as the analysis folds it, 400 naming it.
   */
  async checkKeyLink(link: string): Promise<void> {
    let host: string;
    try {
      host = foldDomain(new URL(link).hostname);
    } catch {
      return;
    }
    const named = await this.blockedHost([host]);
    if (named) throw badRequest(`keyLink: the key page is on a blocked domain: ${named}`, { keyLink: `On ${named}, which this site blocks` });
  }

  /** The first host on a blocked domain, as "host" or "host (domain)"; undefined when none is. */
  private async blockedHost(hosts: readonly string[]): Promise<string | undefined> {
    if (hosts.length === 0) return undefined;
    const blocked = await this.repository.domains(false);
    for (const host of hosts) {
      const domain = blocked.find((listed) => hostMatches(host, listed));
      if (domain) return host === domain ? domain : `${host} (${domain})`;
    }
    return undefined;
  }
}

function domainObject(domain: BlockedDomain) {
  return { type: 'blocked-domain' as const, id: domain.id, label: domain.domain };
}
