// docs/state-machines.md, written from the declarations' `actions` (resources/tables/*): every state
// machine of the product as the server, the portal, the mocks and the seed read it. Run
// `npm run docs:machines` after changing an action; tests/unit/state-machines-doc.test.ts fails while
// the file and the declarations disagree.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS } from '../contract/errors';
import { RESOURCES } from '../resources';
import type { ActionDeclaration, ResourceDeclaration } from '../resources/types';

export const MACHINES_DOC = path.resolve(import.meta.dirname, '../docs/state-machines.md');

const code = (name: keyof typeof ERRORS) => `${ERRORS[name].code} ${name}`;

/** A markdown table with its columns padded to their widest cell, as the repository's formatter lays it. */
const table = (head: readonly string[], rows: readonly (readonly string[])[]): string[] => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
};

const row = (a: ActionDeclaration): string[] => {
  const how = a.operation
    ? `\`POST {id}/${a.path ?? a.name}\`${a.body ? ` \`${JSON.stringify(a.body)}\`` : ''}`
    : `\`POST {id}/${a.name}\`${a.bulk ? ', bulk' : ''}`;
  const also = Object.entries(a.set ?? {}).map(([f, v]) => `${f} ${v}`);
  if (a.stampField) also.push(`${a.stampField} now`);
  const refusals = [
    ...(a.refuse ?? []).map((r) => `${r.from.join(', ')}: ${code(r.error)}`),
    `other states: ${code('STATE_TRANSITION_NOT_ALLOWED')}`,
  ];
  const moves = [a.name, a.from.join(', '), a.to, also.join('; ') || '-'];
  if (a.roles.length === 0) return [...moves, 'the server only', '-', '-'];
  return [...moves, a.roles.join(', '), how, refusals.join('; ')];
};

export const renderMachines = (): string => {
  const parts = [
    '# State machines',
    '',
    "Written by `npm run docs:machines` from the declarations' `actions` (resources/tables/); do not edit by",
    'hand. The server refuses a move with these codes (server/resources/transition.ts), the portal offers a',
    'button only where a move may happen (resources/transitions.ts), and a role not named is refused with',
    `${code('ACCESS_DENIED')}. "the server only": run by a job, never through the API.`,
  ];
  for (const decl of RESOURCES as readonly ResourceDeclaration[]) {
    const actions = decl.actions ?? [];
    if (actions.length === 0) continue;
    const fields = [...new Set(actions.map((a) => a.field))].join(', ');
    parts.push(
      '',
      `## ${decl.name} (${fields})`,
      '',
      ...table(['action', 'from', 'to', 'also', 'who', 'call', 'refused'], actions.map(row)),
    );
  }
  return `${parts.join('\n')}\n`;
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(MACHINES_DOC, renderMachines());
  console.log(`wrote ${path.relative(process.cwd(), MACHINES_DOC)}`);
}
