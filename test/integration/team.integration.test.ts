import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, arrayContains, desc, eq } from 'drizzle-orm';
import type { Role } from '@shared/auth/permissions.ts';
import type {
  TAcceptedInvitation,
  TInviteResult,
  TPublicTeamInvitation,
  TTeam,
  TTeamInvitationList,
  TTeamMember,
} from '@shared/organizations/team-contracts.ts';
import { invitation, member, session, user as userTable } from '@server/db/schema/auth.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { auditLogs } from '@server/db/schema/security.ts';
import { addMember, createUser } from '@server/seed/factories.ts';
import {
  DATABASES,
  ORIGIN,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  signUp,
  uniqueEmail,
  type SignedIn,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

const TEAM = '/api/v1/organization/team';
const INVITATIONS = '/api/v1/organization/invitations';
const memberPath = (id: string) => `/api/v1/organization/members/${id}`;
const signOutPath = (id: string) => `/api/v1/organization/members/${id}/sign-out`;
const SECURITY_SUMMARY = '/api/v1/organization/security-summary';
const summaryPath = (token: string) => `/api/public/team-invitations/${token}`;
const acceptPath = (token: string) => `/api/v1/team-invitations/${token}/accept`;
const IT = { 'accept-language': 'it-IT,it;q=0.9' };

type Client = ReturnType<typeof api>;

describe.each(DATABASES)('team: members, roles and invitations on %s', (kind) => {
  let t: TestApp;
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A signed-in user with `role` in the organization of `owner`. */
  async function memberOf(owner: SignedInWithOrg, role: Role, name = `A ${role}`) {
    const auth = t.app.services.auth;
    const email = uniqueEmail(role);
    const created = await createUser(auth, { name, email, password: PASSWORD });
    await addMember(auth, { userId: created.id, organizationId: owner.organizationId, role });
    const signed = await signIn(t.app, email);
    return { ...signed, client: api(t.app, signed.cookie) };
  }

  /** The step-up of every session of the user, as POST /api/v1/security/step-up records it. */
  async function steppedUp(userId: string) {
    await db().update(session).set({ reverifiedAt: new Date() }).where(eq(session.userId, userId));
  }

  async function team(client: Client) {
    const response = await client.get(TEAM);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TTeam).members;
  }

  async function memberIdOf(owner: SignedInWithOrg, userId: string) {
    const [row] = await db()
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, owner.organizationId), eq(member.userId, userId)));
    return row!.id;
  }

  async function roleIn(orgId: string, userId: string) {
    const [row] = await db()
      .select({ role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, orgId), eq(member.userId, userId)));
    return row?.role ?? null;
  }

  /** The newest outbox message to `email`, and the invitation token of its link. */
  async function invitationMailTo(email: string) {
    const [row] = await db()
      .select()
      .from(mailOutbox)
      .where(arrayContains(mailOutbox.toAddresses, [email]))
      .orderBy(desc(mailOutbox.createdAt));
    if (!row) throw new Error(`no mail to ${email}`);
    const match = /http:\/\/localhost:3000\/invite\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(row.textBody);
    if (!match) throw new Error(`no invitation link in:\n${row.textBody}`);
    return { row, token: match[1]! };
  }

  async function auditEntries(orgId: string, action: string) {
    return db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, orgId), eq(auditLogs.action, action)))
      .orderBy(desc(auditLogs.createdAt));
  }

  async function invite(client: Client, email: string, role: unknown, headers?: Record<string, string>) {
    return client.post(INVITATIONS, { email, role }, headers);
  }

  describe('invitations', () => {
    let owner: SignedInWithOrg;
    let ownerClient: Client;
    beforeAll(async () => {
      owner = await createSignedInUserWithOrg(t.app, {
        name: 'Olivia Owner',
        organizationName: 'Rossi S.r.l.',
      });
      ownerClient = api(t.app, owner.cookie);
    });

    it('invite → e-mail with the link → sign up → accept: a member with the invited role, organization active', async () => {
      const email = uniqueEmail('Invitee').toUpperCase();
      const created = await invite(ownerClient, ` ${email} `, 'manager');
      expect(created.statusCode, created.body).toBe(201);
      const result = created.json() as TInviteResult;
      expect(result.resent).toBe(false);
      expect(result.invitation).toMatchObject({
        email: email.toLowerCase(),
        role: 'manager',
        invitedBy: 'Olivia Owner',
        expired: false,
      });
      const hours = (Date.parse(result.invitation.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(47.9);
      expect(hours).toBeLessThanOrEqual(48);

      const { row: mail, token } = await invitationMailTo(email.toLowerCase());
      expect(mail.organizationId).toBe(owner.organizationId);
      expect(mail.subject).toBe('Invitation to join Rossi S.r.l. on Gestionale');
      expect(mail.textBody).toContain(
        'Olivia Owner invited you to join “Rossi S.r.l.” on Gestionale as “Manager”.',
      );
      expect(mail.htmlBody).toContain(`href="http://localhost:3000/invite/${token}"`);
      // The link is not the invitation id an administrator sees.
      expect(token).not.toBe(result.invitation.id);
      expect(token.startsWith(`${result.invitation.id}.`)).toBe(true);

      // The public summary, signed out.
      const summary = await t.app.inject({ method: 'GET', url: summaryPath(token) });
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.json()).toEqual({
        organizationName: 'Rossi S.r.l.',
        inviterName: 'Olivia Owner',
        role: 'manager',
        email: email.toLowerCase(),
        expiresAt: result.invitation.expiresAt,
        status: 'pending',
        hasAccount: false,
      } satisfies TPublicTeamInvitation);

      const invitee = await signUp(t.app, { name: 'Ivo Invitee', email: email.toLowerCase() });
      expect((await t.app.inject({ method: 'GET', url: summaryPath(token) })).json()).toMatchObject({
        hasAccount: true,
      });
      const accepted = await api(t.app, invitee.cookie).post(acceptPath(token));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({
        organizationId: owner.organizationId,
        organizationName: 'Rossi S.r.l.',
        role: 'manager',
      } satisfies TAcceptedInvitation);
      expect(await roleIn(owner.organizationId, invitee.user.id)).toBe('manager');

      // The organization is active in the invitee's session: org routes work at once.
      const me = (await api(t.app, invitee.cookie).get('/api/v1/me')).json() as {
        activeOrganizationId: string;
        role: string;
      };
      expect(me).toMatchObject({ activeOrganizationId: owner.organizationId, role: 'manager' });
      const members = await team(api(t.app, invitee.cookie));
      expect(members.find((m) => m.isYou)).toMatchObject({ userId: invitee.user.id, role: 'manager' });

      // Used up: gone from the pending list, the link refuses a second use.
      const pending = (await ownerClient.get(INVITATIONS)).json() as TTeamInvitationList;
      expect(pending.items.some((i) => i.id === result.invitation.id)).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: summaryPath(token) })).json()).toMatchObject({
        status: 'accepted',
      });
      const again = await api(t.app, invitee.cookie).post(acceptPath(token));
      expect(again.statusCode).toBe(404);
      expect(again.json().error.code).toBe('TEAM_INVITATION_INVALID');

      const [invited] = await auditEntries(owner.organizationId, 'member_invited');
      expect(invited).toMatchObject({
        userId: owner.user.id,
        severity: 'MEDIUM',
        details: { to: 'manager', email: email.toLowerCase(), resent: false },
      });
      const [acceptedEntry] = await auditEntries(owner.organizationId, 'invitation_accepted');
      expect(acceptedEntry).toMatchObject({
        userId: invitee.user.id,
        targetUserId: invitee.user.id,
        details: { to: 'manager', email: email.toLowerCase(), invitedBy: owner.user.id },
      });
    });

    it("writes the e-mail in the inviter's language", async () => {
      const email = uniqueEmail('italiano');
      expect((await invite(ownerClient, email, 'viewer', IT)).statusCode).toBe(201);
      const { row } = await invitationMailTo(email);
      expect(row.subject).toBe('Invito a unirti a Rossi S.r.l. su Gestionale');
      expect(row.textBody).toContain('con il ruolo «Sola lettura»');
      expect(row.textBody).toContain('L’invito scade tra 48 ore');
    });

    it('inviting a pending address again re-sends the same link instead of duplicating', async () => {
      const email = uniqueEmail('twice');
      const first = (await invite(ownerClient, email, 'user')).json() as TInviteResult;
      const { token: firstToken } = await invitationMailTo(email);
      // Expired meanwhile: sending again brings it back to life with a fresh 48 h.
      await db()
        .update(invitation)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(invitation.id, first.invitation.id));
      const second = await invite(ownerClient, email.toUpperCase(), 'admin');
      expect(second.statusCode, second.body).toBe(200);
      const result = second.json() as TInviteResult;
      expect(result).toMatchObject({ resent: true, invitation: { id: first.invitation.id, role: 'admin' } });
      expect(result.invitation.expired).toBe(false);
      const rows = await db()
        .select()
        .from(invitation)
        .where(and(eq(invitation.organizationId, owner.organizationId), eq(invitation.email, email)));
      expect(rows).toHaveLength(1);
      const { token } = await invitationMailTo(email);
      expect(token).toBe(firstToken);
      const mails = await db()
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(arrayContains(mailOutbox.toAddresses, [email]));
      expect(mails).toHaveLength(2);

      // The resend button does the same.
      const resent = await ownerClient.post(`${INVITATIONS}/${first.invitation.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ id: first.invitation.id, role: 'admin', expired: false });
      expect(
        await db()
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(arrayContains(mailOutbox.toAddresses, [email])),
      ).toHaveLength(3);
    });

    it('refuses a member, an invalid role, an invalid address and super_admin from an admin', async () => {
      const existing = await memberOf(owner, 'user');
      const member = await invite(ownerClient, existing.user.email.toUpperCase(), 'viewer');
      expect(member.statusCode).toBe(409);
      expect(member.json()).toEqual({
        error: {
          code: 'MEMBER_ALREADY_EXISTS',
          message: `${existing.user.email} is already a member of the organization`,
        },
      });

      for (const role of ['owner', 'SUPER_ADMIN', 42, null]) {
        const response = await invite(ownerClient, uniqueEmail('bad-role'), role);
        expect(response.statusCode, String(role)).toBe(400);
        expect(response.json()).toEqual({
          error: { code: 'INVALID_ROLE', message: 'Invalid role specified' },
        });
      }

      const address = await invite(ownerClient, 'not-an-address', 'user', IT);
      expect(address.statusCode).toBe(400);
      expect(address.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: [{ path: 'email' }] },
      });

      const admin = await memberOf(owner, 'admin');
      const promoted = await invite(admin.client, uniqueEmail('boss'), 'super_admin');
      expect(promoted.statusCode).toBe(403);
      expect(promoted.json().error.code).toBe('ROLE_NOT_ASSIGNABLE');
      expect((await invite(admin.client, uniqueEmail('helper'), 'admin')).statusCode).toBe(201);
      const bossEmail = uniqueEmail('boss');
      const boss = await invite(ownerClient, bossEmail, 'super_admin');
      expect(boss.statusCode).toBe(201);
      // The owner's super_admin invitation is not the admin's to downgrade by inviting again, nor to cancel.
      const downgraded = await invite(admin.client, bossEmail, 'viewer');
      expect(downgraded.json().error.code).toBe('ROLE_NOT_ASSIGNABLE');
      const bossId = (boss.json() as { invitation: { id: string } }).invitation.id;
      const cancelled = await admin.client.del(`${INVITATIONS}/${bossId}`);
      expect(cancelled.json().error.code).toBe('ROLE_NOT_ASSIGNABLE');
      const pending = (await ownerClient.get(INVITATIONS)).json() as {
        items: { id: string; role: string }[];
      };
      expect(pending.items.find((i) => i.id === bossId)?.role).toBe('super_admin');

      // A manager sees the team but cannot invite or list invitations.
      const manager = await memberOf(owner, 'manager');
      expect((await manager.client.get(TEAM)).statusCode).toBe(200);
      expect((await manager.client.get(INVITATIONS)).statusCode).toBe(403);
      expect((await invite(manager.client, uniqueEmail('x'), 'user')).json().error.code).toBe('FORBIDDEN');
    });

    it('refuses another signed-in address and leaves no membership', async () => {
      const email = uniqueEmail('right');
      await invite(ownerClient, email, 'user');
      const { token } = await invitationMailTo(email);
      const stranger = await signUp(t.app, { email: uniqueEmail('wrong') });
      const response = await api(t.app, stranger.cookie).post(acceptPath(token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: {
          code: 'TEAM_INVITATION_EMAIL_MISMATCH',
          message: `This invitation was sent to ${email}: sign in with that address to accept it`,
        },
      });
      expect(await roleIn(owner.organizationId, stranger.user.id)).toBeNull();
      // Signed out, accepting needs a session.
      const anonymous = await t.app.inject({
        method: 'POST',
        url: acceptPath(token),
        headers: { origin: ORIGIN },
      });
      expect(anonymous.statusCode).toBe(401);
      // The invitation still works for the right person.
      const right = await signUp(t.app, { email });
      expect((await api(t.app, right.cookie).post(acceptPath(token))).statusCode).toBe(200);
    });

    it('refuses an expired, a cancelled and a forged link', async () => {
      const expiredEmail = uniqueEmail('late');
      const expired = (await invite(ownerClient, expiredEmail, 'user')).json() as TInviteResult;
      const { token: expiredToken } = await invitationMailTo(expiredEmail);
      await db()
        .update(invitation)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitation.id, expired.invitation.id));
      expect((await t.app.inject({ method: 'GET', url: summaryPath(expiredToken) })).json()).toMatchObject({
        status: 'expired',
      });
      const late = await signUp(t.app, { email: expiredEmail });
      const lateAnswer = await api(t.app, late.cookie).post(acceptPath(expiredToken), undefined, IT);
      expect(lateAnswer.statusCode).toBe(404);
      expect(lateAnswer.json()).toEqual({
        error: {
          code: 'TEAM_INVITATION_INVALID',
          message: 'Questo invito non è valido, è stato annullato o è scaduto',
        },
      });
      const listed = (await ownerClient.get(INVITATIONS)).json() as TTeamInvitationList;
      expect(listed.items.find((i) => i.id === expired.invitation.id)).toMatchObject({ expired: true });

      const cancelledEmail = uniqueEmail('cancelled');
      const cancelled = (await invite(ownerClient, cancelledEmail, 'viewer')).json() as TInviteResult;
      const { token: cancelledToken } = await invitationMailTo(cancelledEmail);
      const cancel = await ownerClient.del(`${INVITATIONS}/${cancelled.invitation.id}`);
      expect(cancel.statusCode).toBe(204);
      expect((await ownerClient.del(`${INVITATIONS}/${cancelled.invitation.id}`)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: summaryPath(cancelledToken) })).json()).toMatchObject({
        status: 'canceled',
      });
      const invitee = await signUp(t.app, { email: cancelledEmail });
      const refused = await api(t.app, invitee.cookie).post(acceptPath(cancelledToken));
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('TEAM_INVITATION_INVALID');
      expect(await roleIn(owner.organizationId, invitee.user.id)).toBeNull();
      const [entry] = await auditEntries(owner.organizationId, 'invitation_cancelled');
      expect(entry).toMatchObject({
        userId: owner.user.id,
        severity: 'LOW',
        details: { to: 'viewer', email: cancelledEmail },
      });

      // A link whose signature does not match, and the bare id.
      const forged = `${cancelled.invitation.id}.${'A'.repeat(43)}`;
      for (const token of [forged, cancelled.invitation.id, 'nonsense']) {
        const response = await t.app.inject({ method: 'GET', url: summaryPath(token) });
        expect(response.statusCode, token).toBe(404);
        expect(response.json().error.code).toBe('TEAM_INVITATION_INVALID');
      }
    });

    it("another organization's invitation ids answer 404", async () => {
      const other = await createSignedInUserWithOrg(t.app);
      const email = uniqueEmail('mine');
      const mine = (await invite(ownerClient, email, 'user')).json() as TInviteResult;
      const client = api(t.app, other.cookie);
      expect((await client.del(`${INVITATIONS}/${mine.invitation.id}`)).statusCode).toBe(404);
      expect((await client.post(`${INVITATIONS}/${mine.invitation.id}/resend`)).statusCode).toBe(404);
      const ownerMemberId = await memberIdOf(owner, owner.user.id);
      await steppedUp(other.user.id);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: memberPath(ownerMemberId),
        headers: { origin: ORIGIN, cookie: other.cookie },
        payload: { role: 'viewer' },
      });
      expect(patch.statusCode).toBe(404);
      expect((await client.del(memberPath(ownerMemberId))).statusCode).toBe(404);
      expect(await roleIn(owner.organizationId, owner.user.id)).toBe('super_admin');
    });

    it("better-auth's own organization endpoints do not exist over HTTP", async () => {
      for (const path of [
        'update-member-role',
        'remove-member',
        'invite-member',
        'accept-invitation',
        'leave',
      ]) {
        const response = await ownerClient.post(`/api/auth/organization/${path}`, {});
        expect(response.statusCode, path).toBe(404);
      }
      expect((await ownerClient.get('/api/auth/organization/list-members')).statusCode).toBe(404);
      // The rest of better-auth still answers.
      expect((await ownerClient.get('/api/auth/get-session')).statusCode).toBe(200);
    });
  });

  describe('roles', () => {
    function patchRole(
      cookie: string,
      memberId: string,
      role: unknown,
      headers: Record<string, string> = {},
    ) {
      return t.app.inject({
        method: 'PATCH',
        url: memberPath(memberId),
        headers: { origin: ORIGIN, cookie, ...headers },
        payload: { role },
      });
    }

    it('asks for a step-up, then changes the role and audits it', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const colleague = await memberOf(owner, 'user', 'Carla Colleague');
      const memberId = await memberIdOf(owner, colleague.user.id);

      const refused = await patchRole(owner.cookie, memberId, 'manager');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        details: { action: 'change_role', preset: 'strict', maxAgeMinutes: 10 },
      });
      expect(await roleIn(owner.organizationId, colleague.user.id)).toBe('user');

      const verified = await api(t.app, owner.cookie).post('/api/v1/security/step-up', {
        password: PASSWORD,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const changed = await patchRole(owner.cookie, memberId, 'manager');
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        id: memberId,
        userId: colleague.user.id,
        role: 'manager',
        isYou: false,
      } satisfies Partial<TTeamMember>);
      expect(await roleIn(owner.organizationId, colleague.user.id)).toBe('manager');

      const [entry] = await auditEntries(owner.organizationId, 'role_changed');
      expect(entry).toMatchObject({
        userId: owner.user.id,
        targetUserId: colleague.user.id,
        severity: 'HIGH',
        details: { from: 'user', to: 'manager', email: colleague.user.email },
      });
      expect(entry!.ipAddress).toBeTruthy();
    });

    it('refuses anything but the five roles with "Invalid role specified"', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const colleague = await memberOf(owner, 'user');
      const memberId = await memberIdOf(owner, colleague.user.id);
      await steppedUp(owner.user.id);
      for (const role of ['owner', 'Admin', '', 7, null, ['admin'], undefined]) {
        const response = await patchRole(owner.cookie, memberId, role);
        expect(response.statusCode, JSON.stringify(role)).toBe(400);
        expect(response.json()).toEqual({
          error: { code: 'INVALID_ROLE', message: 'Invalid role specified' },
        });
      }
      const italian = await patchRole(owner.cookie, memberId, 'boss', IT);
      expect(italian.json()).toEqual({
        error: { code: 'INVALID_ROLE', message: 'Ruolo specificato non valido' },
      });
      expect(await roleIn(owner.organizationId, colleague.user.id)).toBe('user');
    });

    it('only a super_admin gives or takes super_admin', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const admin = await memberOf(owner, 'admin');
      const colleague = await memberOf(owner, 'user');
      await steppedUp(admin.user.id);
      const colleagueId = await memberIdOf(owner, colleague.user.id);
      const ownerId = await memberIdOf(owner, owner.user.id);

      const promote = await patchRole(admin.cookie, colleagueId, 'super_admin');
      expect(promote.statusCode).toBe(403);
      expect(promote.json().error).toEqual({
        code: 'ROLE_NOT_ASSIGNABLE',
        message: 'You cannot assign or change a role higher than your own',
      });
      const demote = await patchRole(admin.cookie, ownerId, 'admin');
      expect(demote.json().error.code).toBe('ROLE_NOT_ASSIGNABLE');
      expect(await roleIn(owner.organizationId, owner.user.id)).toBe('super_admin');
      // Anything below super_admin is an admin's to give.
      expect((await patchRole(admin.cookie, colleagueId, 'admin')).statusCode).toBe(200);
      expect((await patchRole(admin.cookie, colleagueId, 'viewer')).statusCode).toBe(200);

      await steppedUp(owner.user.id);
      expect((await patchRole(owner.cookie, colleagueId, 'super_admin')).statusCode).toBe(200);
      expect(await roleIn(owner.organizationId, colleague.user.id)).toBe('super_admin');
      // A manager (view_users only) is refused by the guard.
      const manager = await memberOf(owner, 'manager');
      await steppedUp(manager.user.id);
      expect((await patchRole(manager.cookie, colleagueId, 'viewer')).json().error.code).toBe('FORBIDDEN');
    });

    it('the last super_admin cannot be demoted, removed or leave', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const ownerId = await memberIdOf(owner, owner.user.id);
      await steppedUp(owner.user.id);
      const client = api(t.app, owner.cookie);
      const demote = await patchRole(owner.cookie, ownerId, 'admin');
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.code).toBe('LAST_SUPER_ADMIN');
      expect((await client.del(memberPath(ownerId))).json().error.code).toBe('LAST_SUPER_ADMIN');
      expect((await client.post('/api/v1/organization/leave')).json().error.code).toBe('LAST_SUPER_ADMIN');
      expect(await roleIn(owner.organizationId, owner.user.id)).toBe('super_admin');

      // With a second super_admin the first may step down.
      const second = await memberOf(owner, 'super_admin');
      expect((await patchRole(owner.cookie, ownerId, 'admin')).statusCode).toBe(200);
      await steppedUp(second.user.id);
      const secondId = await memberIdOf(owner, second.user.id);
      expect((await patchRole(second.cookie, secondId, 'viewer')).json().error.code).toBe('LAST_SUPER_ADMIN');
    });

    it('two concurrent demotions of the two super_admins leave exactly one', async () => {
      for (let round = 0; round < 3; round++) {
        const a = await createSignedInUserWithOrg(t.app);
        const b = await memberOf(a, 'super_admin');
        await steppedUp(a.user.id);
        await steppedUp(b.user.id);
        const aId = await memberIdOf(a, a.user.id);
        const bId = await memberIdOf(a, b.user.id);
        // Each demotes the other at the same moment.
        const answers = await Promise.all([
          patchRole(a.cookie, bId, 'admin'),
          patchRole(b.cookie, aId, 'admin'),
        ]);
        const codes = answers.map((r) => r.statusCode).sort();
        // The loser is refused either because the other was demoted first (LAST_SUPER_ADMIN) or because it
        // lost super_admin itself a moment before (ROLE_NOT_ASSIGNABLE): never both demoted.
        expect(codes[0]).toBe(200);
        expect([403, 409]).toContain(codes[1]);
        const roles = [await roleIn(a.organizationId, a.user.id), await roleIn(a.organizationId, b.user.id)];
        expect(roles.filter((r) => r === 'super_admin')).toHaveLength(1);

        // And each demoting itself at the same moment.
        const c = await createSignedInUserWithOrg(t.app);
        const d = await memberOf(c, 'super_admin');
        await steppedUp(c.user.id);
        await steppedUp(d.user.id);
        const both = await Promise.all([
          patchRole(c.cookie, await memberIdOf(c, c.user.id), 'manager'),
          patchRole(d.cookie, await memberIdOf(c, d.user.id), 'manager'),
        ]);
        expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const left = [await roleIn(c.organizationId, c.user.id), await roleIn(c.organizationId, d.user.id)];
        expect(left.filter((r) => r === 'super_admin')).toHaveLength(1);
      }
    });

    it('a member who loses a permission loses it on the very next request', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const admin = await memberOf(owner, 'admin');
      expect((await admin.client.get(INVITATIONS)).statusCode).toBe(200);
      await steppedUp(owner.user.id);
      const demoted = await patchRole(owner.cookie, await memberIdOf(owner, admin.user.id), 'viewer');
      expect(demoted.statusCode).toBe(200);
      // Same session, no sign-in in between.
      const next = await admin.client.get(INVITATIONS);
      expect(next.statusCode).toBe(403);
      expect(next.json().error.code).toBe('FORBIDDEN');
      expect((await admin.client.get(TEAM)).statusCode).toBe(403);
      const me = (await admin.client.get('/api/v1/me')).json() as { role: string; permissions: string[] };
      expect(me.role).toBe('viewer');
      expect(me.permissions).not.toContain('manage_users');
    });
  });

  describe('removal and leaving', () => {
    it('removal needs delete_users and a step-up; the removed member is out on the next request', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const admin = await memberOf(owner, 'admin');
      const colleague = await memberOf(owner, 'manager', 'Marco Manager');
      const colleagueId = await memberIdOf(owner, colleague.user.id);
      expect((await colleague.client.get(TEAM)).statusCode).toBe(200);

      // Admins have manage_users but not delete_users.
      await steppedUp(admin.user.id);
      const byAdmin = await admin.client.del(memberPath(colleagueId));
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().error.code).toBe('FORBIDDEN');

      const ownerClient = api(t.app, owner.cookie);
      const noStepUp = await ownerClient.del(memberPath(colleagueId));
      expect(noStepUp.statusCode).toBe(403);
      expect(noStepUp.json().error).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        details: { action: 'remove_member' },
      });
      await steppedUp(owner.user.id);
      const removed = await ownerClient.del(memberPath(colleagueId));
      expect(removed.statusCode).toBe(204);
      expect(await roleIn(owner.organizationId, colleague.user.id)).toBeNull();
      expect((await team(ownerClient)).some((m) => m.userId === colleague.user.id)).toBe(false);

      const next = await colleague.client.get(TEAM);
      expect(next.statusCode).toBe(409);
      expect(next.json().error.code).toBe('ORGANIZATION_REQUIRED');
      const me = (await colleague.client.get('/api/v1/me')).json() as {
        organizations: unknown[];
        activeOrganizationId: string | null;
      };
      expect(me).toMatchObject({ organizations: [], activeOrganizationId: null });

      const [entry] = await auditEntries(owner.organizationId, 'member_removed');
      expect(entry).toMatchObject({
        userId: owner.user.id,
        targetUserId: colleague.user.id,
        severity: 'HIGH',
        details: { from: 'manager', email: colleague.user.email },
      });
      expect((await ownerClient.del(memberPath(colleagueId))).statusCode).toBe(404);
    });

    it('any member may leave; the organization is no longer active for them', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const viewer = await memberOf(owner, 'viewer');
      const left = await viewer.client.post('/api/v1/organization/leave');
      expect(left.statusCode).toBe(204);
      expect(await roleIn(owner.organizationId, viewer.user.id)).toBeNull();
      expect((await viewer.client.get('/api/v1/outbox')).json().error.code).toBe('ORGANIZATION_REQUIRED');
      const [entry] = await auditEntries(owner.organizationId, 'member_left');
      expect(entry).toMatchObject({
        userId: viewer.user.id,
        targetUserId: viewer.user.id,
        details: { from: 'viewer', email: viewer.user.email },
      });

      // A super_admin may leave once another one exists.
      const second = await memberOf(owner, 'super_admin');
      expect((await api(t.app, owner.cookie).post('/api/v1/organization/leave')).statusCode).toBe(204);
      expect((await team(second.client)).map((m) => m.userId)).toEqual([second.user.id]);
    });
  });

  describe('security: signing a member out, the two-factor summary', () => {
    it('signs every session of a member out after a step-up, audits it and refuses the rest', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const admin = await memberOf(owner, 'admin');
      const manager = await memberOf(owner, 'manager', 'Marco Manager');
      // A second device of the manager.
      const laptop = await signIn(t.app, manager.user.email);
      const managerId = await memberIdOf(owner, manager.user.id);
      expect((await manager.client.get(TEAM)).statusCode).toBe(200);

      const noStepUp = await admin.client.post(signOutPath(managerId));
      expect(noStepUp.statusCode).toBe(403);
      expect(noStepUp.json().error).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        details: { action: 'sign_out_member', preset: 'strict' },
      });
      expect((await manager.client.get(TEAM)).statusCode).toBe(200);

      const sessionsOf = async (userId: string) =>
        (await db().select({ id: session.id }).from(session).where(eq(session.userId, userId))).length;
      const before = await sessionsOf(manager.user.id);
      expect(before).toBeGreaterThanOrEqual(2);
      await steppedUp(admin.user.id);
      const done = await admin.client.post(signOutPath(managerId));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ revoked: before });
      expect(await sessionsOf(manager.user.id)).toBe(0);
      for (const cookie of [manager.cookie, laptop.cookie]) {
        expect((await api(t.app, cookie).get(TEAM)).statusCode).toBe(401);
      }
      // The admin's own session is untouched.
      expect((await admin.client.get(TEAM)).statusCode).toBe(200);

      const [entry] = await auditEntries(owner.organizationId, 'member_signed_out');
      expect(entry).toMatchObject({
        userId: admin.user.id,
        targetUserId: manager.user.id,
        severity: 'HIGH',
        details: { count: before, email: manager.user.email },
      });

      // A manager has view_security_settings only.
      const other = await memberOf(owner, 'manager');
      await steppedUp(other.user.id);
      const byManager = await other.client.post(signOutPath(await memberIdOf(owner, admin.user.id)));
      expect(byManager.statusCode).toBe(403);
      expect(byManager.json().error.code).toBe('FORBIDDEN');

      // An admin cannot sign a super_admin out.
      const superAdmin = await admin.client.post(signOutPath(await memberIdOf(owner, owner.user.id)));
      expect(superAdmin.statusCode).toBe(403);
      expect(superAdmin.json().error.code).toBe('ROLE_NOT_ASSIGNABLE');
      expect((await api(t.app, owner.cookie).get(TEAM)).statusCode).toBe(200);

      // Another organization's member is not found.
      const stranger = await createSignedInUserWithOrg(t.app);
      const foreign = await admin.client.post(signOutPath(await memberIdOf(stranger, stranger.user.id)));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('NOT_FOUND');
      expect((await api(t.app, stranger.cookie).get(TEAM)).statusCode).toBe(200);
    });

    it("signing oneself out keeps the caller's current session", async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const phone = await signIn(t.app, owner.user.email);
      await steppedUp(owner.user.id);
      const client = api(t.app, owner.cookie);
      const done = await client.post(signOutPath(await memberIdOf(owner, owner.user.id)));
      expect(done.statusCode, done.body).toBe(200);
      expect((done.json() as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
      const left = await db()
        .select({ id: session.id })
        .from(session)
        .where(eq(session.userId, owner.user.id));
      expect(left).toHaveLength(1);
      expect((await client.get(TEAM)).statusCode).toBe(200);
      expect((await api(t.app, phone.cookie).get(TEAM)).statusCode).toBe(401);
    });

    it('counts the members using two-factor authentication; viewers may not see it', async () => {
      const owner = await createSignedInUserWithOrg(t.app);
      const manager = await memberOf(owner, 'manager');
      const viewer = await memberOf(owner, 'viewer');
      expect((await manager.client.get(SECURITY_SUMMARY)).json()).toEqual({
        members: 3,
        twoFactorEnabled: 0,
      });

      await db().update(userTable).set({ twoFactorEnabled: true }).where(eq(userTable.id, viewer.user.id));
      // Someone else's organization does not count.
      const stranger = await createSignedInUserWithOrg(t.app);
      await db().update(userTable).set({ twoFactorEnabled: true }).where(eq(userTable.id, stranger.user.id));
      const summary = await api(t.app, owner.cookie).get(SECURITY_SUMMARY);
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.json()).toEqual({ members: 3, twoFactorEnabled: 1 });

      const refused = await viewer.client.get(SECURITY_SUMMARY);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    });
  });

  it('lists the members with the signed-in one marked', async () => {
    const owner = await createSignedInUserWithOrg(t.app, { name: 'Zeno Owner' });
    const colleague: SignedIn = await memberOf(owner, 'viewer', 'Anna Viewer');
    const members = await team(api(t.app, owner.cookie));
    expect(members.map((m) => [m.name, m.role, m.isYou])).toEqual([
      ['Anna Viewer', 'viewer', false],
      ['Zeno Owner', 'super_admin', true],
    ]);
    expect(members[0]).toMatchObject({ userId: colleague.user.id, email: colleague.user.email });
    expect(Date.parse(members[0]!.joinedAt)).not.toBeNaN();
  });
});
