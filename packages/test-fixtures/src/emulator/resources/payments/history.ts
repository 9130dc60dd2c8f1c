import {
  type Change,
  type FieldRule,
  type ResourceHistoryRules,
  asArray,
  change,
  differs,
  simple,
  upperFirst,
} from '../../history/change-kit.js';
import { customChanges } from '../../history/changes.js';
import type { Label } from '../../history/records.js';
import type { StoredResource } from '../../store/collection.js';

type Members = Record<string, unknown> & { custom?: unknown };

/** The Change an update action makes, typed after it (`setMethodInfoName`: `SetMethodInfoNameChange`). */
const changeBy = (action: string, previous: unknown, next: unknown, extra?: Record<string, unknown>): Change =>
  change(action, `${upperFirst(action)}Change`, previous, next, extra);

/**
 * An object member whose own members each have an update action (`paymentStatus.interfaceCode`:
 * `setStatusInterfaceCode`): one Change per member changed, named by `names`; its Custom Fields
 * by `custom`.
 */
function members(names: Record<string, string>, custom?: FieldRule): FieldRule {
  return (previous, next, input) => {
    const before = (previous ?? {}) as Members;
    const after = (next ?? {}) as Members;
    const changes: Change[] = [];
    for (const [member, action] of Object.entries(names)) {
      if (differs(before[member], after[member])) changes.push(changeBy(action, before[member], after[member]));
    }
    if (custom && differs(before.custom, after.custom)) changes.push(...custom(before.custom, after.custom, input));
    return changes;
  };
}

interface TransactionShape {
  id: string;
  interactionId?: string;
  timestamp?: string;
  custom?: unknown;
  [member: string]: unknown;
}

/** The Transaction a Change names, as the live `TransactionChangeValue`: its id, interaction id and timestamp. */
const transactionValue = ({ id, interactionId, timestamp }: TransactionShape) => ({
  id,
  ...(interactionId !== undefined ? { interactionId } : {}),
  ...(timestamp !== undefined ? { timestamp } : {}),
});

const TRANSACTION_MEMBERS = {
  state: 'changeTransactionState',
  interactionId: 'changeTransactionInteractionId',
  timestamp: 'changeTransactionTimestamp',
} as const;

/** A Payment's Transactions: one Change per Transaction added, and per member of one changed. */
const transactions: FieldRule = (previous, next, input) => {
  const before = asArray(previous) as TransactionShape[];
  const changes: Change[] = [];
  for (const transaction of asArray(next) as TransactionShape[]) {
    const old = before.find((t) => t.id === transaction.id);
    if (!old) {
      changes.push(change('addTransaction', 'AddTransactionChange', undefined, transaction));
      continue;
    }
    const named = { transaction: transactionValue(old) };
    for (const [member, action] of Object.entries(TRANSACTION_MEMBERS)) {
      if (differs(old[member], transaction[member])) changes.push(changeBy(action, old[member], transaction[member], named));
    }
    if (differs(old.custom, transaction.custom))
      changes.push(...customChanges('Transaction', named)(old.custom, transaction.custom, input));
  }
  return changes;
};

/** A Payment's Changes by field; `customer`, `anonymousId`, `externalId`: `set<Member>`. */
export const paymentChanges: ResourceHistoryRules = {
  amountPlanned: simple('changeAmountPlanned', 'ChangeAmountPlannedChange'),
  interfaceId: simple('setInterfaceId', 'SetInterfaceIdChange'),
  paymentMethodInfo: members(
    {
      paymentInterface: 'setMethodInfoInterface',
      method: 'setMethodInfoMethod',
      name: 'setMethodInfoName',
      interfaceAccount: 'setMethodInfoInterfaceAccount',
    },
    customChanges('MethodInfo'),
  ),
  paymentStatus: members({ interfaceCode: 'setStatusInterfaceCode', interfaceText: 'setStatusInterfaceText', state: 'transitionState' }),
  transactions,
};

/** A Payment's Label: its key (when it has one) and planned amount. */
export function paymentLabel(resource: StoredResource): Label {
  return {
    type: 'PaymentLabel',
    ...(typeof resource.key === 'string' ? { key: resource.key } : {}),
    amountPlanned: structuredClone(resource['amountPlanned']),
  };
}
