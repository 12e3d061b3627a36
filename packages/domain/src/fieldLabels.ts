/**
 * A message of the shop's API names fields as integrators send them (`endTime must be later than startTime.`);
 * a screen shows the same message in the words of its own labels ("Closes must be later than Opens."). Each
 * field name is replaced as a whole word, so `date` never changes inside "update".
 */
export function withFieldLabels(message: string, labels: Readonly<Record<string, string>>): string {
  const names = Object.keys(labels).sort((a, b) => b.length - a.length);
  if (names.length === 0) return message;
  const pattern = new RegExp(`(?<![\\w-])(${names.join('|')})(?![\\w-])`, 'g');
  return message.replace(pattern, (name) => labels[name] ?? name);
}
