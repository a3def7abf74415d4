import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('USERNAME and MULTI_SESSION', () => {
  it('are off by default and turn on with on, in any letter case', () => {
    expect(loadConfig({})).toMatchObject({ usernames: false, multiSession: false });
    expect(loadConfig({ USERNAME: 'on', MULTI_SESSION: 'ON' })).toMatchObject({
      usernames: true,
      multiSession: true,
    });
    expect(loadConfig({ USERNAME: 'off', MULTI_SESSION: 'off' })).toMatchObject({
      usernames: false,
      multiSession: false,
    });
  });

  it('name the variable of a value that is neither on nor off', () => {
    let problems: string[] = [];
    try {
      loadConfig({ USERNAME: 'yes', MULTI_SESSION: '1' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      "USERNAME: expected 'on' or 'off', got 'yes'",
      "MULTI_SESSION: expected 'on' or 'off', got '1'",
    ]);
  });
});
