/**
 * A schema's descriptions ship as the clients' TSDoc, so they state a rule in plain words or link
 * the live reference (https://docs.commercetools.com/api/); they never cite a section of a
 * document the reader does not have (`spec 2.4`, `contract-notes 1`, `design.md §3`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A section number cited: of `spec`, `contract-notes`, `design` or any `<name>.md`, or after `§`. */
const CITATION = /\b(spec|contract-notes|design|[\w./-]+\.md)\b(?:\s+section)?\s*§?\s*\d+(?:\.\d+)*|§\s*\d+(?:\.\d+)*/gi;

export interface Citation {
  /** The file, relative to `root`. */
  file: string;
  line: number;
  text: string;
}

/** The citations in `text` of a section of a document that is not in the repository at `root`. */
export function citationsIn(text: string, file: string, root: string): Citation[] {
  const found: Citation[] = [];
  for (const [index, line] of text.split('\n').entries())
    for (const match of line.matchAll(CITATION)) {
      const document = match[1];
      const inRepository = document?.toLowerCase().endsWith('.md') && existsSync(join(root, document));
      if (!inRepository) found.push({ file, line: index + 1, text: match[0] });
    }
  return found;
}

/** Every such citation in the schema files (`.yaml`, `.yml`, `.graphql`) below `folder`. */
export function schemaCitations(folder: string, root: string): Citation[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ya?ml|graphql)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .flatMap((path) => citationsIn(readFileSync(path, 'utf8'), relative(root, path), root));
}

/** One line per citation, saying what to write instead. */
export const describeCitation = ({ file, line, text }: Citation): string =>
  `${file}:${line}: cites "${text}", a section of a document not in the repository: state the rule in plain words or link the live reference (https://docs.commercetools.com/api/)`;
