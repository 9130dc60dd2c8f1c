/** Sets an optional member, or removes it when the action leaves it out (the live "omit to unset" rule). */
export function setOptional<T extends object, K extends keyof T>(target: T, name: K, value: T[K] | undefined): void {
  if (value === undefined) delete target[name];
  else target[name] = value;
}
