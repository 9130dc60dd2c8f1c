/**
 * The check of `pnpm lint:schemas` that a description cites no section of a document the reader
 * does not have: what it finds, what it lets through, and the repository's schemas passing it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { citationsIn, describeCitation, schemaCitations } from './schema-citations.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const cited = (text: string, at = root) => citationsIn(text, 'x.yaml', at).map((citation) => citation.text);

describe('citationsIn', () => {
  it('finds a section number of spec, contract-notes, design or a missing .md, and after §', () => {
    expect(cited('Updates are POST (spec 2.4).')).toEqual(['spec 2.4']);
    expect(cited('Every non-2xx answer (contract-notes 1); see Spec §9.3')).toEqual(['contract-notes 1', 'Spec §9.3']);
    expect(cited('the Product Selection part (spec section 4.5)')).toEqual(['spec section 4.5']);
    expect(cited('as design.md §3 says, and contract-notes.md 7')).toEqual(['design.md §3', 'contract-notes.md 7']);
    expect(cited('see § 6')).toEqual(['§ 6']);
    expect(cited('see notes/missing.md 2.1')).toEqual(['notes/missing.md 2.1']);
  });

  it('lets through plain statements, links and a section of a document in the repository', () => {
    expect(cited('`withTotal` defaults to true; (https://docs.commercetools.com/api/errors).')).toEqual([]);
    expect(cited('limit 0 to 500, the GraphQL spec: the error propagates; a design decision of 2 kinds')).toEqual([]);
    expect(cited('see README.md 3')).toEqual([]);
  });

  it('names the file and line, and what to write instead', () => {
    const [citation] = citationsIn('one\ntwo (spec 6)\n', 'schemas/a.yaml', root);
    expect(citation).toEqual({ file: 'schemas/a.yaml', line: 2, text: 'spec 6' });
    expect(describeCitation(citation!)).toMatch(/^schemas\/a\.yaml:2: cites "spec 6", .* plain words or link the live reference/);
  });
});

describe('schemaCitations', () => {
  it('reads the .yaml and .graphql files of a folder and its subfolders', () => {
    const folder = mkdtempSync(join(tmpdir(), 'citations-'));
    folders.push(folder);
    mkdirSync(join(folder, 'parts'));
    writeFileSync(join(folder, 'parts', 'a.yaml'), 'description: (contract-notes 3)\n');
    writeFileSync(join(folder, 'b.graphql'), '"""\nper spec 2.5\n"""\n');
    writeFileSync(join(folder, 'c.md'), 'spec 1\n');
    expect(schemaCitations(folder, folder).map(describeCitation)).toEqual([
      expect.stringMatching(/^b\.graphql:2: cites "spec 2\.5"/),
      expect.stringMatching(/^parts\/a\.yaml:1: cites "contract-notes 3"/),
    ]);
  });

  it('finds none in the schemas of the repository', () => {
    expect(schemaCitations(join(root, 'schemas'), root).map(describeCitation)).toEqual([]);
  });
});
