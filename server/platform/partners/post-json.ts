// One JSON POST to a partner system a deployment configured (the receipt network; the stamp system,
// gift providers and CRM as they come): through the egress guard (server/platform/egress.ts
// providerAgent), within a time limit, its answer read as JSON. A partner's failure is told apart as
// "no answer in time" (PartnerTimeout) or "no usable answer" (PartnerFailure), which each adapter maps
// to its own family of the catalogue.
import http from 'node:http';
import https from 'node:https';
import { providerAgent } from '../egress';

/** The partner did not answer within the time limit. */
export class PartnerTimeout extends Error {}
/** The partner could not be reached, or answered something other than a JSON 2xx. */
export class PartnerFailure extends Error {}

/** The largest answer read from a partner. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** One agent per configured URL: its guard and its kept-alive connections. */
const agents = new Map<string, http.Agent>();

const agentFor = (url: string): http.Agent => {
  let agent = agents.get(url);
  if (!agent) {
    agent = providerAgent(url);
    agents.set(url, agent);
  }
  return agent;
};

/** POSTs `body` as JSON to `url` and answers the partner's JSON (a 2xx), or throws one of the two above. */
export const postJson = (url: string, body: unknown, timeoutMs: number): Promise<unknown> =>
  new Promise((resolve, reject) => {
    let agent: http.Agent;
    try {
      agent = agentFor(url);
    } catch (e) {
      reject(new PartnerFailure(e instanceof Error ? e.message : String(e)));
      return;
    }
    const target = new URL(url);
    const payload = Buffer.from(JSON.stringify(body));
    const client = target.protocol === 'http:' ? http : https;
    const req = client.request(
      target,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) res.destroy(new PartnerFailure('answer too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299) {
            reject(new PartnerFailure(`answered HTTP ${status}`));
            return;
          }
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(new PartnerFailure('answered something other than JSON'));
          }
        });
        res.on('error', (e) => reject(e instanceof PartnerFailure ? e : new PartnerFailure(e.message)));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new PartnerTimeout(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => reject(e instanceof PartnerTimeout ? e : new PartnerFailure(e.message)));
    req.end(payload);
  });
