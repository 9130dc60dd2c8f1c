import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  PROJECT,
  api,
  authPost,
  clientToken,
  createClient,
  errorOf,
  introspect,
  okJson,
  setup,
  type TokenBody,
} from './helpers.js';

/** The anonymous ids the authorization service keeps, as a snapshot holds them. */
function anonymousIdsOf(t: { emulator: { context: { auth: { saveTo(snapshot: { anonymousIds?: string[] }): void } } } }): string[] {
  const snapshot: { anonymousIds?: string[] } = {};
  t.emulator.context.auth.saveTo(snapshot);
  return snapshot.anonymousIds ?? [];
}

async function anonymousSession(t: ReturnType<typeof setup>, creds = t.bootstrap): Promise<TokenBody> {
  return okJson<TokenBody>(authPost(t.emulator, `/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials' }, creds));
}

function refresh(t: ReturnType<typeof setup>, refreshToken: string, creds = t.bootstrap): Promise<Response> {
  return authPost(t.emulator, '/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken }, creds);
}

describe('access token expiry', () => {
  it('an access token works until 48 h have passed', async () => {
    const t = setup();
    const token = (await clientToken(t.emulator, t.bootstrap)).access_token;
    t.clock.advance(172_800_000 - 1);
    expect((await api(t.emulator, `/${PROJECT}`, token)).status).toBe(200);
    t.clock.advance(1);
    const res = await errorOf(api(t.emulator, `/${PROJECT}`, token));
    expect(res.status).toBe(401);
    expect(res.body.errors[0]?.code).toBe('invalid_token');
  });

  it('honours the per-client validity', async () => {
    const t = setup();
    const c = await createClient(t, `manage_project:${PROJECT}`, { accessTokenValiditySeconds: 60 });
    const body = await clientToken(t.emulator, c);
    expect(body.expires_in).toBe(60);
    t.clock.advance(60_000);
    expect((await api(t.emulator, `/${PROJECT}`, body.access_token)).status).toBe(401);
  });
});

describe('refresh token expiry (200 days without use)', () => {
  it('expires after 200 days unused', async () => {
    const t = setup();
    const session = await anonymousSession(t);
    t.clock.advance(200 * DAY_MS);
    const { status, body } = await errorOf(refresh(t, session.refresh_token!));
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('each use resets the timer: used at day 199 it survives another 199 days', async () => {
    const t = setup();
    const session = await anonymousSession(t);
    t.clock.advance(199 * DAY_MS);
    expect((await refresh(t, session.refresh_token!)).status).toBe(200);
    t.clock.advance(199 * DAY_MS);
    expect(await introspect(t.emulator, t.bootstrap, session.refresh_token!)).toMatchObject({ active: true });
    const again = await okJson<TokenBody>(refresh(t, session.refresh_token!));
    expect((await api(t.emulator, `/${PROJECT}`, again.access_token)).status).toBe(200);
    t.clock.advance(200 * DAY_MS);
    expect((await refresh(t, session.refresh_token!)).status).toBe(400);
  });

  it('honours the per-client refresh validity', async () => {
    const t = setup();
    const c = await createClient(t, `manage_project:${PROJECT}`, { refreshTokenValiditySeconds: 3600 });
    const session = await anonymousSession(t, c);
    t.clock.advance(3600_000);
    expect((await refresh(t, session.refresh_token!, c)).status).toBe(400);
  });
});

describe('refresh token cap (least recently used first)', () => {
  it('keeps at most the cap, evicting the least recently used, and always issues new ones', async () => {
    const t = setup({ auth: { refreshTokenCap: 3 } });
    const a = await anonymousSession(t);
    const b = await anonymousSession(t);
    const c = await anonymousSession(t);
    t.clock.advance(1000);
    expect((await refresh(t, a.refresh_token!)).status).toBe(200); // a is now the most recently used; b is the least
    const d = await anonymousSession(t);
    expect(t.emulator.context.auth.tokenCounts().refresh).toBe(3);
    expect((await refresh(t, b.refresh_token!)).status).toBe(400);
    for (const s of [a, c, d]) expect((await refresh(t, s.refresh_token!)).status).toBe(200);
    // LRU order is now a, c, d: a and then c go next.
    const e = await anonymousSession(t);
    const f = await anonymousSession(t);
    expect(t.emulator.context.auth.tokenCounts().refresh).toBe(3);
    for (const s of [a, c]) expect((await refresh(t, s.refresh_token!)).status).toBe(400);
    for (const s of [d, e, f]) expect((await refresh(t, s.refresh_token!)).status).toBe(200);
  });
});

describe('the token store stays bounded on the emulator clock', { timeout: 60_000 }, () => {
  const session = (t: ReturnType<typeof setup>, anonymousId: string) =>
    authPost(t.emulator, `/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials', anonymous_id: anonymousId }, t.bootstrap);

  it('sweeps every expired access token, whatever its validity, once a minute of emulator time has passed', async () => {
    const t = setup();
    const short = await createClient(t, `manage_project:${PROJECT}`, { accessTokenValiditySeconds: 60 });
    // Long-lived tokens issued first (and one by createClient): expired short ones behind them are swept too.
    for (let i = 0; i < 5; i++) await clientToken(t.emulator, t.bootstrap);
    for (let i = 0; i < 20; i++) await clientToken(t.emulator, short);
    expect(t.emulator.context.auth.tokenCounts().access).toBe(26);
    t.clock.advance(2 * 60_000);
    await clientToken(t.emulator, t.bootstrap);
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 7, refresh: 0 });
  });

  it('forgets an anonymous id once no token of it lives: access tokens at 48 h, the refresh token after 200 days unused', async () => {
    const t = setup();
    for (let i = 0; i < 20; i++) expect((await session(t, `visitor-${i}`)).status).toBe(200);
    expect(anonymousIdsOf(t)).toHaveLength(20);
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 20, refresh: 20 });
    // Access tokens expired, refresh tokens alive: the ids are still in use.
    t.clock.advance(2 * DAY_MS);
    const inUse = await errorOf(session(t, 'visitor-7'));
    expect(inUse.status).toBe(400);
    expect(inUse.body.error).toBe('invalid_request');
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 0, refresh: 20 });
    // 200 days without use: every token gone, and with them every id.
    t.clock.advance(200 * DAY_MS);
    await clientToken(t.emulator, t.bootstrap);
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 1, refresh: 0 });
    expect(anonymousIdsOf(t)).toEqual([]);
    expect((await session(t, 'visitor-7')).status).toBe(200);
  });

  it('forgets the anonymous ids of a deleted client at once', async () => {
    const t = setup();
    const c = await createClient(t, `create_anonymous_token:${PROJECT} manage_my_profile:${PROJECT}`);
    const path = `/oauth/${PROJECT}/anonymous/token`;
    expect((await authPost(t.emulator, path, { grant_type: 'client_credentials', anonymous_id: 'gone-visitor' }, c)).status).toBe(200);
    expect(anonymousIdsOf(t)).toEqual(['gone-visitor']);
    t.emulator.context.auth.deleteClient(c.clientId);
    expect(anonymousIdsOf(t)).toEqual([]);
  });
});
