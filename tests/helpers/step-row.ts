import type { Locator } from 'playwright-core';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The row of a step's results table whose header reads `label`, with or without its adopted/kept badge (English pages). */
export function stepRow(table: Locator, label: string): Locator {
  const header = table.page().locator('th', { hasText: new RegExp(`^${escaped(label)}(?:adopted|kept)?$`) });
  return table.locator('tbody tr').filter({ has: header });
}
