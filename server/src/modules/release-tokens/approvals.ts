// Four eyes for release tokens (modules/approvals): the token was made unapproved and shown to
// its creator when they asked; the request holds only its id, and approving turns it on. Only a
// super admin may approve it; while the requester is the only one, nobody could, so it is on at
// once.
import { eq } from 'drizzle-orm';
import { conflict, notFound } from '../../lib/http-error';
import { anotherSuperAdmin, registerApproval } from '../approvals';
import { releaseTokens, turnOn } from './service';

registerApproval<{ tokenId: string }>('release_token.create', {
  async ask(app, actor, { tokenId }) {
    const [t] = await app.db.select().from(releaseTokens).where(eq(releaseTokens.id, tokenId));
    if (!t) throw notFound('Release token not found');
    if (!(await anotherSuperAdmin(app.db, actor.id))) return null;
    return {
      targetType: 'release_token',
      targetId: tokenId,
      summary: `Turn on the release token "${t.name}" (reads remote-load telemetry), until ${t.expiresAt.toISOString().slice(0, 10)}`,
    };
  },
  async execute(app, _approver, { tokenId }) {
    if (!(await turnOn(app.db, tokenId))) throw conflict('This release token was revoked meanwhile');
    return { tokenId };
  },
});
