import { beforeEach, describe, expect, it } from 'vitest';
import { cartSettingsOf } from '../../src/emulator/resources/project/cart-settings.js';
import { createApi, expectError, ok, tokenWithScope, type Api, type Json } from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

const update = (version: number, ...actions: Json[]) => api.call('POST', '', { version, actions });
const project = async (): Promise<Json> => ok(await api.call('GET', ''));
/** A new project's effective cart settings: the live defaults. */
const DEFAULTS = {
  deleteDaysAfterLastModification: 90,
  countryTaxRateFallbackEnabled: false,
  priceRoundingMode: 'HalfEven',
  taxRoundingMode: 'HalfEven',
};

describe("the project's cart settings", () => {
  it('a new project has the live defaults: 90 days retention, no country fallback, HalfEven rounding', async () => {
    const fresh = await project();
    expect(fresh['carts']).toEqual({ deleteDaysAfterLastModification: 90, countryTaxRateFallbackEnabled: false });
    expect(fresh['shippingRateInputType']).toBeUndefined();
    expect(cartSettingsOf(api.emulator.context.state)).toEqual(DEFAULTS);
  });

  it('changeCountryTaxRateFallbackEnabled and the rounding mode actions change one member each', async () => {
    const changed = ok(
      await update(
        1,
        { action: 'changeCountryTaxRateFallbackEnabled', countryTaxRateFallbackEnabled: true },
        { action: 'changePriceRoundingMode', priceRoundingMode: 'HalfUp' },
        { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfDown' },
      ),
    );
    expect(changed['version']).toBe(2);
    const carts = {
      deleteDaysAfterLastModification: 90,
      countryTaxRateFallbackEnabled: true,
      priceRoundingMode: 'HalfUp',
      taxRoundingMode: 'HalfDown',
    };
    expect(changed['carts']).toEqual(carts);
    expect((await project())['carts']).toEqual(carts);
    expect(cartSettingsOf(api.emulator.context.state)).toEqual(carts);
    // The same values again change nothing: no new version.
    expect(ok(await update(2, { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfDown' }))['version']).toBe(2);
  });

  it('changeCartsConfiguration sets the retention (90 when absent) and given rounding modes, never the fallback', async () => {
    ok(await update(1, { action: 'changeCountryTaxRateFallbackEnabled', countryTaxRateFallbackEnabled: true }));
    const set = ok(
      await update(2, {
        action: 'changeCartsConfiguration',
        cartsConfiguration: { deleteDaysAfterLastModification: 30, countryTaxRateFallbackEnabled: false, taxRoundingMode: 'HalfUp' },
      }),
    );
    expect(set['carts']).toEqual({ deleteDaysAfterLastModification: 30, countryTaxRateFallbackEnabled: true, taxRoundingMode: 'HalfUp' });
    const reset = ok(await update(3, { action: 'changeCartsConfiguration', cartsConfiguration: {} }));
    expect(reset).toMatchObject({ version: 4 });
    expect(reset['carts']).toEqual({ deleteDaysAfterLastModification: 90, countryTaxRateFallbackEnabled: true, taxRoundingMode: 'HalfUp' });
    expect(cartSettingsOf(api.emulator.context.state)).toMatchObject({
      deleteDaysAfterLastModification: 90,
      priceRoundingMode: 'HalfEven',
    });
  });

  it('setShippingRateInputType sets each kind and removes it when omitted', async () => {
    const classification = {
      type: 'CartClassification',
      values: [
        { key: 'Light', label: { en: 'Light' } },
        { key: 'Heavy', label: { en: 'Heavy', de: 'Schwer' } },
      ],
    };
    const classified = ok(await update(1, { action: 'setShippingRateInputType', shippingRateInputType: classification }));
    expect(classified['shippingRateInputType']).toEqual(classification);
    expect(cartSettingsOf(api.emulator.context.state).shippingRateInputType).toEqual(classification);
    const scored = ok(await update(2, { action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartScore' } }));
    expect(scored['shippingRateInputType']).toEqual({ type: 'CartScore' });
    const valued = ok(await update(3, { action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartValue' } }));
    expect(valued['shippingRateInputType']).toEqual({ type: 'CartValue' });
    const removed = ok(await update(4, { action: 'setShippingRateInputType' }));
    expect(removed['version']).toBe(5);
    expect(removed['shippingRateInputType']).toBeUndefined();
    expect((await project())['shippingRateInputType']).toBeUndefined();
  });

  it('refuses bad values with 400, all or nothing', async () => {
    const good = { action: 'changeCountryTaxRateFallbackEnabled', countryTaxRateFallbackEnabled: true };
    const cases: [Json, string, string][] = [
      [
        { action: 'changeCountryTaxRateFallbackEnabled' },
        'InvalidJsonInput',
        'actions -> countryTaxRateFallbackEnabled: Missing required value',
      ],
      [
        { action: 'changeCountryTaxRateFallbackEnabled', countryTaxRateFallbackEnabled: 'yes' },
        'InvalidJsonInput',
        'actions -> countryTaxRateFallbackEnabled',
      ],
      [{ action: 'changePriceRoundingMode', priceRoundingMode: 'HalfAway' }, 'InvalidJsonInput', 'actions -> priceRoundingMode'],
      [{ action: 'changeTaxRoundingMode' }, 'InvalidJsonInput', 'actions -> taxRoundingMode: Missing required value'],
      [{ action: 'changeCartsConfiguration' }, 'InvalidJsonInput', 'actions -> cartsConfiguration: Missing required value'],
      [
        { action: 'changeCartsConfiguration', cartsConfiguration: { deleteDaysAfterLastModification: 0 } },
        'InvalidJsonInput',
        'actions -> cartsConfiguration -> deleteDaysAfterLastModification',
      ],
      [
        { action: 'changeCartsConfiguration', cartsConfiguration: { deleteDaysAfterLastModification: 365251 } },
        'InvalidJsonInput',
        'actions -> cartsConfiguration -> deleteDaysAfterLastModification',
      ],
      [
        { action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartWeight' } },
        'InvalidJsonInput',
        'actions -> shippingRateInputType',
      ],
      [
        { action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartClassification' } },
        'InvalidJsonInput',
        'actions -> shippingRateInputType -> values: Missing required value',
      ],
    ];
    for (const [action, code, detail] of cases) {
      const error = expectError(await update(1, good, action), 400, code);
      expect(String(error['detailedErrorMessage']), detail).toContain(detail);
    }
    const duplicate = expectError(
      await update(1, good, {
        action: 'setShippingRateInputType',
        shippingRateInputType: {
          type: 'CartClassification',
          values: [
            { key: 'Light', label: { en: 'Light' } },
            { key: 'Light', label: { en: 'Also light' } },
          ],
        },
      }),
      400,
      'DuplicateEnumValues',
    );
    expect(duplicate['duplicates']).toEqual(['Light']);
    // Nothing changed: the first, good action was not applied either.
    expect(await project()).toMatchObject({
      version: 1,
      carts: { deleteDaysAfterLastModification: 90, countryTaxRateFallbackEnabled: false },
    });
    expect(cartSettingsOf(api.emulator.context.state)).toEqual(DEFAULTS);
  });

  it('view_project_settings reads the settings; changing them needs manage_project', async () => {
    const viewer = api.as(await tokenWithScope(api, `view_project_settings:${api.project}`));
    expect(ok(await viewer('GET', ''))['carts']).toMatchObject({ deleteDaysAfterLastModification: 90 });
    const refused = await viewer('POST', '', { version: 1, actions: [{ action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfUp' }] });
    expect(refused.status).toBe(403);
    expect((await project())['version']).toBe(1);
  });

  it('survive a snapshot and its restore; a snapshot from before them restores the defaults; a bad one is refused', async () => {
    const shipping = { type: 'CartClassification', values: [{ key: 'Light', label: { en: 'Light' } }] };
    ok(
      await update(
        1,
        { action: 'changeCountryTaxRateFallbackEnabled', countryTaxRateFallbackEnabled: true },
        { action: 'changeCartsConfiguration', cartsConfiguration: { deleteDaysAfterLastModification: 7, priceRoundingMode: 'HalfDown' } },
        { action: 'setShippingRateInputType', shippingRateInputType: shipping },
      ),
    );
    const taken = JSON.parse(JSON.stringify(api.emulator.snapshot())) as { project: Json };
    const second = await createApi();
    second.emulator.restore(taken);
    expect(ok(await second.call('GET', ''))).toMatchObject({
      version: 2,
      carts: { deleteDaysAfterLastModification: 7, countryTaxRateFallbackEnabled: true, priceRoundingMode: 'HalfDown' },
      shippingRateInputType: shipping,
    });
    const { carts: _carts, shippingRateInputType: _shipping, ...older } = taken.project;
    second.emulator.restore({ ...taken, project: older });
    expect(cartSettingsOf(second.emulator.context.state)).toEqual(DEFAULTS);
    const bad = { ...taken, project: { ...taken.project, carts: { ...taken.project['carts'], taxRoundingMode: 'Up' } } };
    expect(() => second.emulator.restore(bad)).toThrow(/project\.carts\.taxRoundingMode/);
  });
});
