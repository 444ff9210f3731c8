import { describe, expect, it } from 'vitest';
import { createInProcessHub, topics, userMailTopicOwner } from './realtime.ts';

describe('in-process hub topic watch', () => {
  it('tells the first subscriber and the last leaving, and the topics already active', () => {
    const hub = createInProcessHub();
    const offA = hub.subscribe('t1', () => {});
    const seen: [string, boolean][] = [];
    const unwatch = hub.watchTopics((topic, active) => seen.push([topic, active]));
    expect(seen).toEqual([['t1', true]]);
    const offB = hub.subscribe('t1', () => {});
    const offC = hub.subscribe('t2', () => {});
    offA();
    offA(); // twice is once
    expect(seen).toEqual([
      ['t1', true],
      ['t2', true],
    ]);
    offB();
    offC();
    expect(seen.slice(2)).toEqual([
      ['t1', false],
      ['t2', false],
    ]);
    unwatch();
    hub.subscribe('t3', () => {});
    expect(seen).toHaveLength(4);
  });

  it('reads the owner of a mail topic only', () => {
    expect(userMailTopicOwner(topics.userMail('org1', 'user1'))).toEqual({ orgId: 'org1', userId: 'user1' });
    expect(userMailTopicOwner(topics.orgReports('org1'))).toBeNull();
  });
});
