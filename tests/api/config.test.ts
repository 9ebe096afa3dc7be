import { describe, expect, it } from 'vitest';
import { runEntry, STACK_LINE } from '../helpers/processes.ts';

// The process entry refusing a bad configuration (loadConfig itself: server/shared/config.test.ts).

describe('the process entry with a bad configuration', () => {
  it('exits 1 with a message naming the variable and no stack trace', async () => {
    const exit = await runEntry({ PORT: 'abc', DATA_DIR: '/nonexistent/never-created', DEMO_CATALOGUE: 'off' });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('Invalid configuration');
    expect(exit.stderr).toMatch(/PORT: /);
    expect(exit.stderr).not.toMatch(STACK_LINE);
    expect(exit.stdout).toBe('');
  });
});
