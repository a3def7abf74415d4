import { afterAll, describe, expect, it } from 'vitest';
import { storageBackends } from '../testing/shared-storage.ts';
import { createMemoryStorage } from './memory-storage.ts';

describe.each(storageBackends())('secondary storage: %s', (_, create) => {
  const storage = create();
  afterAll(() => storage.close?.());

  it('stores, reads and deletes values', async () => {
    await storage.set('a', 'one', 60);
    expect(await storage.get('a')).toBe('one');
    await storage.delete('a');
    expect(await storage.get('a')).toBeNull();
  });

  it('answers null for a key never set', async () => {
    expect(await storage.get('never')).toBeNull();
  });

  it('forgets a value after its time to live', async () => {
    await storage.set('short', 'lived', 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await storage.get('short')).toBeNull();
  });
});

describe('memory storage bounds', () => {
  it('evicts the oldest key beyond its capacity', async () => {
    const storage = createMemoryStorage({ maxKeys: 2 });
    await storage.set('first', '1', 60);
    await storage.set('second', '2', 60);
    await storage.set('third', '3', 60);
    expect(await storage.get('first')).toBeNull();
    expect(await storage.get('third')).toBe('3');
  });
});
