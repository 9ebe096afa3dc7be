import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, scriptIdParamsSchema, voteBodySchema, voteStateSchema, worksBodySchema } from '../../contract/index.ts';
import { noStore } from '../plugins/security.ts';
import { type Visitor, visitorHash } from '../visitors/visitor.ts';
import { type Idempotency, type IdempotencyClaim, idempotencyHeaders } from '../plugins/idempotency.ts';
import type { VoteBuffer, VoteKey } from './vote-buffer.ts';
import { storedVote, storedWorks, toVoteState } from './presenter.ts';
import { PUBLIC } from '../policies/access.ts';

/** A vote's body is a few bytes: anything larger is refused before it is read. */
const VOTE_BODY_LIMIT = 1024;

const visitorOf = (request: FastifyRequest): Visitor => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema };
const keyErrors = { ...errors, 409: errorBodySchema, 422: errorBodySchema };

/** A key's claim as the buffer keeps it: its record holds the answer the route sends. */
const voteKey = (claim: IdempotencyClaim | undefined): VoteKey | undefined => claim && { keyHash: claim.keyHash, record: (answer) => claim.record(toVoteState(answer)) };

/** POST /api/scripts/{id}/vote, /works and GET /my-vote (docs/product.md#votes): per visitor, never cached. */
export async function voteRoutes(app: FastifyInstance, { votes, idempotency }: { votes: VoteBuffer; idempotency: Idempotency }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', noStore);
  // A vote's key is the visitor's (docs/decisions/0050-idempotent-creates-and-votes-and-the-log-inside-the-write.md):
  // its answer is kept by the buffer until the flush that writes the vote stores it.
  const keyed = (request: FastifyRequest) => ({ scope: () => `visitor:${visitorHash(visitorOf(request))}`, status: 200, pending: (keyHash: string) => votes.keptAnswer(keyHash) });

  route.post(
    '/api/scripts/:id/vote',
    {
      config: PUBLIC,
      bodyLimit: VOTE_BODY_LIMIT,
      schema: {
        tags: ['public'],
        summary: 'Like, dislike or take back a vote (one per visitor and script; at most 30 vote changes an hour; written within seconds)',
        headers: idempotencyHeaders,
        params: scriptIdParamsSchema,
        body: voteBodySchema,
        response: { 200: voteStateSchema, ...keyErrors },
      },
    },
    (request, reply) =>
      idempotency.answer(request, reply, keyed(request), async (claim) =>
        toVoteState(await votes.change(request.params.id, visitorOf(request), 'vote', storedVote(request.body.value), undefined, voteKey(claim))),
      ),
  );

  route.post(
    '/api/scripts/:id/works',
    {
      config: PUBLIC,
      bodyLimit: VOTE_BODY_LIMIT,
      schema: {
        tags: ['public'],
        summary:
          'Say whether the script works (true, false, or null to take it back), optionally on which executor (its slug: the answer counts for that executor too; an unknown one is a 400); the same limit as votes, one change per request',
        headers: idempotencyHeaders,
        params: scriptIdParamsSchema,
        body: worksBodySchema,
        response: { 200: voteStateSchema, ...keyErrors },
      },
    },
    (request, reply) =>
      idempotency.answer(request, reply, keyed(request), async (claim) =>
        toVoteState(await votes.change(request.params.id, visitorOf(request), 'works', storedWorks(request.body.works), request.body.executor, voteKey(claim))),
      ),
  );

  route.get(
    '/api/scripts/:id/my-vote',
    {
      config: PUBLIC,
      schema: {
        tags: ['public'],
        summary: "The visitor's own vote and works answers (per executor too), with the script's counts and compatibility including votes not yet written",
        params: scriptIdParamsSchema,
        response: { 200: voteStateSchema, 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => toVoteState(await votes.current(request.params.id, visitorOf(request))),
  );
}
