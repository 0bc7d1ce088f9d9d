// An integrator's program written against the client generated from /docs/json (swagger-typescript-api),
// nothing else: sign in, find a programme, issue a card and stamp it. tests/api/openapi-client.test.ts
// generates the client, type-checks this file against it (tsconfig.json here) and runs it against the
// server. A route whose path, parameters, body or answer changes without the document saying so
// breaks one of the three. The test copies this file beside the client it generates (run-<pid>/,
// never committed), so `./generated/api` resolves only there; the root typecheck leaves this folder out.
import type { Api } from './generated/api';

export interface Walk {
  signedIn: string;
  programmes: number;
  cardId: number;
  stamped: number;
  wrongType: { status: number; code: number };
  foreign: { status: number; code: number };
}

type Client = Api<{ token: string }>;

export const walkThrough = async (
  api: Client,
  owner: { email: string; password: string },
  at: { programmeId: number; storeId: number; mobile: string; otherCardId: number },
): Promise<Walk> => {
  const main = api.portalMainService;
  const login = await main.postAuthGetToken({ email: owner.email, password: owner.password });
  api.setSecurityData({ token: login.headers.get('x-access-token') ?? '' });

  const programmes = await main.getStampCards({ size: '100' });
  const card = await main.postStampCardsByIdMemberCards(at.programmeId, {
    memberMobile: at.mobile,
    storeId: at.storeId,
  });
  const stamping = await main.postMemberCardsByIdStamps(card.data.data.id, {
    stamps: 1,
    storeId: at.storeId,
  });

  const wrong = await main
    .postMemberCardsByIdStamps(card.data.data.id, {
      // @ts-expect-error the document says `stamps` is a number: a typed client cannot send text
      stamps: '1',
      storeId: at.storeId,
    })
    .catch((failed: Response & { error: { code: number } }) => failed);
  const foreign = await main
    .postMemberCardsByIdStamps(at.otherCardId, { stamps: 1, storeId: at.storeId })
    .catch((failed: Response & { error: { code: number } }) => failed);

  return {
    signedIn: login.data.data.email,
    programmes: programmes.data.data.length,
    cardId: card.data.data.id,
    stamped: Number(stamping.data.data.stamps),
    wrongType: { status: wrong.status, code: (wrong as unknown as { error: { code: number } }).error.code },
    foreign: { status: foreign.status, code: (foreign as unknown as { error: { code: number } }).error.code },
  };
};
