import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailActivity } from '@server/db/schema/invoicing.ts';
import { addMember, createUser } from '@server/seed/factories.ts';
import type { TRecipientSuggestion } from '@shared/mailbox/compose.ts';
import {
  DATABASES,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  uniqueEmail,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

/** The composer's recipient suggestions (issue 16): clients of the organization, then the user's own correspondents. */
describe.each(DATABASES)('recipient suggestions on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  beforeAll(async () => {
    t = await createTestApp(kind, { mailPollMs: 60_000 });
    owner = await createSignedInUserWithOrg(t.app);
  });
  afterAll(() => t.close());
  const c = () => api(t.app, owner.cookie);
  const suggest = async (who: ReturnType<typeof api>, q: string) => {
    const res = await who.get(`/api/v1/mail/recipients?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: TRecipientSuggestion[] }).items;
  };

  it('suggests clients, then the people the user wrote with, and nobody else’s', async () => {
    for (const [name, email] of [
      ['Rossi Costruzioni S.r.l.', 'info@rossicostruzioni.it'],
      ['Bianchi Impianti', 'amministrazione@bianchi-impianti.it'],
    ]) {
      const res = await c().post('/api/v1/clients', {
        type: 'company',
        companyName: name,
        email,
        country: 'IT',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Mail the user wrote (through the organization's sender: kept in the app, its copy in the local Sent).
    const sent = await c().post('/api/v1/mail/send', {
      accountId: null,
      to: ['Mario Bianchi <mario.bianchi@studio-bianchi.it>'],
      cc: ['anna@rossicostruzioni.it'],
      subject: 'Preventivo',
      text: 'Buongiorno',
      undoSeconds: 0,
    });
    expect(sent.statusCode, sent.body).toBe(202);

    // Each send is recorded as the spec's email_activity, with the client the message is linked to (the first by its
    // Cc, at the client's domain).
    const toClient = await c().post('/api/v1/mail/send', {
      accountId: null,
      to: ['info@rossicostruzioni.it'],
      subject: 'Conferma',
      text: 'Confermiamo.',
      undoSeconds: 0,
    });
    expect(toClient.statusCode, toClient.body).toBe(202);
    const activity = await t.app.services.database.db
      .select()
      .from(emailActivity)
      .where(eq(emailActivity.organizationId, owner.organizationId));
    expect(activity.map((a) => [a.type, a.recipientEmail, a.status, !!a.clientId])).toEqual([
      ['composed', 'mario.bianchi@studio-bianchi.it', 'stored', true],
      ['composed', 'info@rossicostruzioni.it', 'stored', true],
    ]);

    expect(await suggest(c(), 'b')).toEqual([]); // too short
    expect(await suggest(c(), 'rossi')).toEqual([
      { name: 'Rossi Costruzioni S.r.l.', address: 'info@rossicostruzioni.it', source: 'client' },
      { name: null, address: 'anna@rossicostruzioni.it', source: 'correspondent' },
    ]);
    expect(await suggest(c(), 'BIANCHI')).toEqual([
      { name: 'Bianchi Impianti', address: 'amministrazione@bianchi-impianti.it', source: 'client' },
      { name: 'Mario Bianchi', address: 'mario.bianchi@studio-bianchi.it', source: 'correspondent' },
    ]);
    expect(await suggest(c(), '100%_')).toEqual([]); // wildcards are literal

    // Another member sees the clients, not the owner's correspondents; another organization sees neither.
    const email = uniqueEmail('colleague');
    const colleague = await createUser(t.app.services.auth, { name: 'Colleague', email, password: PASSWORD });
    await addMember(t.app.services.auth, {
      userId: colleague.id,
      organizationId: owner.organizationId,
      role: 'user',
    });
    const theirs = api(t.app, (await signIn(t.app, email)).cookie);
    expect((await suggest(theirs, 'bianchi')).map((s) => s.source)).toEqual(['client']);
    const stranger = await createSignedInUserWithOrg(t.app);
    expect(await suggest(api(t.app, stranger.cookie), 'bianchi')).toEqual([]);
  });
});
