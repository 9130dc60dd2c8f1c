/** Sets an optional member, or removes it when the action leaves it out (the live "omit to unset" rule). */
export function setOptional<T extends object, K extends keyof T>(target: T, name: K, value: T[K] | undefined): void {
  if (value === undefined) delete target[name];
  else target[name] = value;
}

/**
 * The handler of a live `set<Member>` action that sets an optional member from the action's member
 * of the same name, or removes it when the action leaves it out.
 *
 * @example
 * actions: { setKey: optionalSetter('key'), setDescription: optionalSetter('description') }
 */
export function optionalSetter<K extends string>(member: K) {
  return <T extends { [P in K]?: unknown }>(target: T, action: { [P in K]?: T[K] }): void => setOptional(target, member, action[member]);
}
