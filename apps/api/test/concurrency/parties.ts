// The parties of the concurrency harness's conflict scenarios (issue 55): requests as an organiser
// (bearer) or a sponsor's link, and the scenario table's shape.
import type { LightMyRequestResponse } from 'fastify';
import type { IdentityTestApp } from '../../src/identity/test-support.ts';
import type { TestUser } from '../../src/modules/events/test-support.ts';
import type { Guest } from '../../src/modules/sponsorships/test-support.ts';

export type Party = TestUser | Guest;

export function requestAs(t: () => IdentityTestApp) {
  return (who: Party, method: string, url: string, payload?: object): Promise<LightMyRequestResponse> =>
    t().app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: 'sponsorshipId' in who ? `${who.token}:${who.email}` : `Bearer ${who.token}` },
      ...(payload ? { payload } : {}),
    });
}

/** Fails with the answer's body when it is not `status` (the scenario's set-up, not what it tests). */
export async function must(res: Promise<LightMyRequestResponse>, status: number, step: string) {
  const answer = await res;
  if (answer.statusCode !== status) throw new Error(`${step}: ${answer.statusCode} ${answer.body}`);
  return answer;
}

export type Scenario = {
  /** What is fired at once, by whom. */
  name: string;
  /** The module whose rule decides it (who fixes a violation). */
  owner: string;
  run: () => Promise<void>;
};

/** No answer of a scenario may be a 5xx: a conflict is refused as one (409), never a crash. */
export function noServerErrors(answers: LightMyRequestResponse[]): string[] {
  return answers.filter((a) => a.statusCode >= 500).map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`);
}
