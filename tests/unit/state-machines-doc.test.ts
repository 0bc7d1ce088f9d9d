// docs/state-machines.md is the declarations' state machines as written by `npm run docs:machines`:
// it fails while someone changed an action and not the document, or the document by hand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MACHINES_DOC, renderMachines } from '../../scripts/state-machines-doc';

describe('docs/state-machines.md', () => {
  it('is what the declarations say (npm run docs:machines writes it)', () => {
    expect(readFileSync(MACHINES_DOC, 'utf8')).toBe(renderMachines());
  });

  it('shows the device lifecycle with its roles and its refusal codes', () => {
    const doc = renderMachines();
    expect(doc).toContain('## devices (lifecycle)');
    // a row of the section of `table`
    const cells = (name: string, table = 'devices') =>
      doc
        .split('## ')
        .find((section) => section.startsWith(`${table} `))
        ?.split('\n')
        .find((l) => l.startsWith(`| ${name} `))
        ?.split('|')
        .slice(1, -1)
        .map((c) => c.trim());
    expect(cells('deregister')).toEqual([
      'deregister',
      'ACTIVE',
      'DEREGISTERED',
      'state DEREGISTERED',
      'operator, merchant',
      '`POST {id}/deregister`',
      'DEREGISTERED, SPOILT: 26622 DEVICE_DEREGISTER_FAILED; other states: 11 STATE_TRANSITION_NOT_ALLOWED',
    ]);
    expect(cells('complete', 'push')).toEqual([
      'complete',
      'SCHEDULED',
      'COMPLETED',
      '-',
      'the server only',
      '-',
      '-',
    ]);
  });
});
