/**
 * Orders strings by UTF-16 code unit: the same order on every machine. `localeCompare` follows the
 * machine's locale (in Czech "ch" comes after "h"), so output sorted with it would depend on where
 * it was built.
 */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
