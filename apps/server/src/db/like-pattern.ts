/**
 * A LIKE pattern that finds `text` anywhere, its wildcards `%` and `_` and the escape character
 * `\` escaped, so that a search such as `50%_off\` is matched literally. Sent as a bound
 * parameter, never spliced into the SQL. One copy for the product and the order searches.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
