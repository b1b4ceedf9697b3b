import { ledgerRoutes as r } from '@dropdesk/contract/ledger';
import type { FastifyInstance } from 'fastify';
import { periodic } from '../../lib/periodic';
import { route } from '../../lib/route';
import { CheckpointSigner, makeCheckpoint, publishedCheckpoints } from './checkpoints';

/**
 * The ledger's public rows (docs/ledger-proof.md): the checkpoint signing key and the signed
 * checkpoints, readable without login so that anyone can archive them; and the hourly job that
 * makes them (`config.checkpointMs`, LEDGER_CHECKPOINT_MINUTES; 0 never, as in tests).
 */
/** How soon after start the first checkpoint is made. */
const FIRST_CHECKPOINT_MS = 5_000;

export async function ledgerRoutes(app: FastifyInstance) {
  const signer = new CheckpointSigner(app.config.ledgerSigningKey);
  route(app, r.key, () => ({
    key: signer.publicKey,
    fingerprint: signer.fingerprint,
    algorithm: 'ed25519' as const,
  }));
  route(app, r.checkpoints, async (req) => ({
    list: await publishedCheckpoints(app.database.db, req.query.limit, req.query.before),
  }));
  // One instance at a time: makeCheckpoint takes CHECKPOINT_LOCK itself. The first run comes soon
  // after start, outside it (what moved while the server was down, or the demo's seed, is signed
  // in seconds rather than an interval later, and start does not wait for it).
  periodic(
    app,
    'ledger checkpoint',
    app.config.checkpointMs,
    () => makeCheckpoint(app.database.db, signer, app.clock.now()),
    { firstAfterMs: Math.min(FIRST_CHECKPOINT_MS, app.config.checkpointMs) },
  );
}
