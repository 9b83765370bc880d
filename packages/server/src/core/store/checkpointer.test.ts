import { describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from './checkpointer.js';

describe('the WAL checkpointer', () => {
  it('a thread that cannot open the database warns and hands checkpoints back; stop still ends', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    let handedBack = false;
    const checkpointer = startCheckpointer('/nonexistent-dir/svc.db', () => (handedBack = true));
    await vi.waitFor(() => expect(handedBack).toBe(true));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('WAL checkpointer stopped'));
    await checkpointer.stop();
    warn.mockRestore();
  });
});
