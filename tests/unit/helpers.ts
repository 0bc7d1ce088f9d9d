// Pieces several unit test files share.

/**
 * The error `promise` fails with, when it is an `ErrorType` (any other error is thrown on); fails
 * the test when the promise does not fail.
 */
export const rejectionOf = async <E extends Error>(
  ErrorType: abstract new (...args: never[]) => E,
  promise: Promise<unknown>,
): Promise<E> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ErrorType) return error;
    throw error;
  }
  throw new Error('expected the promise to fail');
};

/**
 * The head of a declaration of a table nobody ships, a merchant's gift cards: each test file that
 * needs a made-up table gives it the fields (and rules or actions) it is about.
 */
export const GIFT_CARDS_TABLE = {
  name: 'giftCards',
  path: '/gift-cards',
  permission: 'product',
  access: { VIEW: ['operator', 'merchant'], ADD: ['merchant'], UPDATE: ['merchant'] },
  scope: 'brand',
  recordRepresentation: 'title',
  defaultSort: { field: 'createTime', direction: 'desc' },
} as const;
