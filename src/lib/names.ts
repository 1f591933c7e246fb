/** Names as one phrase, for bylines and copyright lines: "A", "A and B", "A, B and C". */
export const phraseOfNames = (names: string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
