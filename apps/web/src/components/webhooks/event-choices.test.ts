import { describe, expect, it } from 'vitest';
import { type Language, type Translate, translate } from '../../i18n/language.ts';
import {
  coveringChoice,
  EVENT_GROUPS,
  eventLabel,
  eventsSummary,
  eventTypesByGroup,
  isWholeGroup,
} from './event-choices.ts';

const wordsOf =
  (language: Language): Translate =>
  (key, values) =>
    translate(language, key, values);

describe('the events an endpoint may choose', () => {
  it('offers every group the engine takes whole first, each with the types the activity screens name', () => {
    const groups = eventTypesByGroup();
    expect(groups.slice(0, EVENT_GROUPS.length).map(({ group }) => group)).toEqual([...EVENT_GROUPS]);
    const user = groups.find(({ group }) => group === 'user')?.types ?? [];
    expect(user).toContain('user.signed_in');
    expect(groups.find(({ group }) => group === 'webhook')?.types).toContain('webhook.endpoint_failing');
    for (const { group, types } of groups)
      for (const type of types) expect(type.startsWith(`${group}.`)).toBe(true);
  });

  it('takes only the engine’s groups whole', () => {
    expect(isWholeGroup('rate_limit')).toBe(true);
    expect(isWholeGroup('api_key')).toBe(true);
    expect(isWholeGroup('two_factor')).toBe(false);
  });

  it('finds what already covers a type: everything first, then its group', () => {
    expect(coveringChoice('user.signed_in', ['*', 'user.*'])).toBe('*');
    expect(coveringChoice('user.signed_in', ['user.*'])).toBe('user.*');
    expect(coveringChoice('user.signed_in', ['session.*', 'user.signed_in'])).toBeNull();
  });

  it('says a type in the reader’s language, and one it has no words for as its name', () => {
    expect(eventLabel('user.signed_in', wordsOf('de'))).toBe('Angemeldet');
    expect(eventLabel('webhook.test', wordsOf('fr'))).toBe('Événement de test');
    expect(eventLabel('user.made_up', wordsOf('en'))).toBe('user.made_up');
  });

  it('sums an endpoint’s events up in one line', () => {
    expect(eventsSummary(['*'], wordsOf('en'))).toBe('all events');
    expect(eventsSummary(['user.*', 'session.revoked'], wordsOf('en'))).toBe('user.*, session.revoked');
    expect(eventsSummary(['a.b', 'c.d', 'e.f', 'g.h', 'i.j'], wordsOf('de'))).toBe(
      'a.b, c.d, e.f und 2 weitere',
    );
  });
});
