import { describe, expect, it } from 'vitest';
import { PROJECT, api, clientToken, createClient, errorOf, okJson, setup } from './helpers.js';

describe('project settings', () => {
  it('GET shows the project; view_project_settings suffices, other scopes do not', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const project = await okJson<Record<string, unknown>>(api(t.emulator, `/${PROJECT}`, admin));
    expect(project).toMatchObject({ key: PROJECT, version: 1, messages: { enabled: true, deleteDaysAfterCreation: 15 } });
    const viewer = await createClient(t, `view_project_settings:${PROJECT}`);
    const other = await createClient(t, `view_products:${PROJECT}`);
    const viewerToken = (await clientToken(t.emulator, viewer)).access_token;
    expect((await api(t.emulator, `/${PROJECT}`, viewerToken)).status).toBe(200);
    expect((await api(t.emulator, `/${PROJECT}`, (await clientToken(t.emulator, other)).access_token)).status).toBe(403);
    expect((await api(t.emulator, `/${PROJECT}`, viewerToken, { method: 'POST', body: { version: 1, actions: [] } })).status).toBe(403);
  });

  it('setExternalOAuth sets and unsets, never shows the Authorization header, and counts versions', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const set = {
      action: 'setExternalOAuth',
      externalOAuth: { url: 'https://oauth.example.com/introspect', authorizationHeader: 'Bearer top-secret' },
    };
    const updated = await okJson<Record<string, unknown>>(
      api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { version: 1, actions: [set] } }),
    );
    expect(updated['version']).toBe(2);
    expect(updated['externalOAuth']).toEqual({ url: 'https://oauth.example.com/introspect' });
    expect(JSON.stringify(updated)).not.toContain('top-secret');
    expect(JSON.stringify(await okJson(api(t.emulator, `/${PROJECT}`, admin)))).not.toContain('top-secret');
    expect(t.emulator.context.state.project.externalOAuth?.authorizationHeader).toBe('Bearer top-secret');
    // Same settings again: no change, no new version.
    const same = await okJson<Record<string, unknown>>(
      api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { version: 2, actions: [set] } }),
    );
    expect(same['version']).toBe(2);
    const unset = await okJson<Record<string, unknown>>(
      api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { version: 2, actions: [{ action: 'setExternalOAuth' }] } }),
    );
    expect(unset['version']).toBe(3);
    expect(unset['externalOAuth']).toBeUndefined();
  });

  it('changeMessagesConfiguration defaults deleteDaysAfterCreation to 15', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const a = await okJson<Record<string, unknown>>(
      api(t.emulator, `/${PROJECT}`, admin, {
        method: 'POST',
        body: {
          version: 1,
          actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false, deleteDaysAfterCreation: 30 } }],
        },
      }),
    );
    expect(a).toMatchObject({ version: 2, messages: { enabled: false, deleteDaysAfterCreation: 30 } });
    const b = await okJson<Record<string, unknown>>(
      api(t.emulator, `/${PROJECT}`, admin, {
        method: 'POST',
        body: { version: 2, actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true } }] },
      }),
    );
    expect(b).toMatchObject({ version: 3, messages: { enabled: true, deleteDaysAfterCreation: 15 } });
  });

  it('changeName changes the name; a missing or non-string name is InvalidJsonInput', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const update = (version: number, action: Record<string, unknown>) =>
      api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { version, actions: [action] } });
    const renamed = await okJson<Record<string, unknown>>(update(1, { action: 'changeName', name: 'Renamed shop' }));
    expect(renamed).toMatchObject({ version: 2, name: 'Renamed shop' });
    expect(await okJson(api(t.emulator, `/${PROJECT}`, admin))).toMatchObject({ name: 'Renamed shop' });
    const missing = await errorOf(update(2, { action: 'changeName' }));
    expect(missing.body.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: 'actions -> name: Missing required value',
    });
    expect((await errorOf(update(2, { action: 'changeName', name: 7 }))).body.errors[0]?.code).toBe('InvalidJsonInput');
  });

  it('rejects a stale version, unknown actions and bad values, all or nothing', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const good = { action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false } };
    const stale = await errorOf(api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { version: 7, actions: [good] } }));
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const unknown = await errorOf(
      api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { version: 1, actions: [good, { action: 'setName', name: 'x' }] } }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]?.code).toBe('InvalidInput');
    const bad = await errorOf(
      api(t.emulator, `/${PROJECT}`, admin, {
        method: 'POST',
        body: {
          version: 1,
          actions: [good, { action: 'setExternalOAuth', externalOAuth: { url: 'ftp://x', authorizationHeader: 'Bearer y' } }],
        },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.code).toBe('InvalidField');
    const days = await errorOf(
      api(t.emulator, `/${PROJECT}`, admin, {
        method: 'POST',
        body: {
          version: 1,
          actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true, deleteDaysAfterCreation: 0 } }],
        },
      }),
    );
    expect(days.body.errors[0]?.code).toBe('InvalidField');
    expect((await errorOf(api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { actions: [] } }))).body.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: 'version: Missing required value',
    });
    const project = await okJson<Record<string, unknown>>(api(t.emulator, `/${PROJECT}`, admin));
    expect(project).toMatchObject({ version: 1, messages: { enabled: true, deleteDaysAfterCreation: 15 } });
    expect(project['externalOAuth']).toBeUndefined();
  });

  it('an action with a missing member or a member of the wrong JSON type is 400 InvalidJsonInput naming the path', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const cases: [Record<string, unknown>, string][] = [
      [
        { action: 'setExternalOAuth', externalOAuth: { authorizationHeader: 'Bearer y' } },
        'actions -> externalOAuth -> url: Missing required value',
      ],
      [
        { action: 'setExternalOAuth', externalOAuth: { url: 'https://oauth.example.com' } },
        'actions -> externalOAuth -> authorizationHeader: Missing required value',
      ],
      [
        { action: 'setExternalOAuth', externalOAuth: { url: 42, authorizationHeader: 'Bearer y' } },
        'actions -> externalOAuth -> url: must be string',
      ],
      [{ action: 'changeMessagesConfiguration' }, 'actions -> messagesConfiguration: Missing required value'],
      [
        { action: 'changeMessagesConfiguration', messagesConfiguration: {} },
        'actions -> messagesConfiguration -> enabled: Missing required value',
      ],
      [
        { action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: 'yes' } },
        'actions -> messagesConfiguration -> enabled: must be boolean',
      ],
      [{ name: 'no action' }, 'actions -> action: Missing required value'],
    ];
    for (const [action, detail] of cases) {
      const refused = await errorOf(api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { version: 1, actions: [action] } }));
      expect(refused.status, detail).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'InvalidJsonInput',
        message: 'Request body does not contain valid JSON.',
        detailedErrorMessage: detail,
      });
    }
    expect(await okJson<Record<string, unknown>>(api(t.emulator, `/${PROJECT}`, admin))).toMatchObject({
      version: 1,
      messages: { enabled: true },
    });
  });
});
