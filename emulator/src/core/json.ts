/**
 * Sets a property of a JSON object whose keys are database keys. `__proto__` is a valid database
 * key (production stores it like any other), but assigning it on a plain object replaces the
 * object's prototype instead of adding a property, and JSON.stringify then leaves it out: it is
 * defined as an own property instead. Every other name, `constructor` and `hasOwnProperty`
 * included, is an ordinary own property when assigned.
 */
export function setJsonProperty(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
