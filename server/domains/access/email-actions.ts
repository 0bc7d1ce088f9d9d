import { and, eq, isNull } from 'drizzle-orm';
import { EMAIL_LINK_PATHS, type EmailActionKind } from '../../../contract';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { type EmailActionTokenRow, emailActionTokens, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { escapeHtml, type Mailer } from '../../platform/mail';
import { randomToken, sha256 } from '../../platform/tokens';

/** How long an e-mailed link works. */
export const EMAIL_ACTION_TTL_S: Record<EmailActionKind, number> = {
  activeEmail: 24 * 60 * 60,
  forgetPwd: 60 * 60,
};

interface EmailActionContext {
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'portalTitle'>;
}

// buildApp binds the mailer to its db, so services can call issueEmailAction(db, ...) with only a db.
const contexts = new WeakMap<Db, EmailActionContext>();

export const bindEmailActions = (db: Db, context: EmailActionContext): void => {
  contexts.set(db, context);
};

/**
 * Creates a single-use token (stored hashed) for a user, replacing the user's earlier unused tokens
 * of the same kind, and returns it. Does not send anything.
 */
export const createEmailActionToken = async (
  db: Db,
  userId: number,
  kind: EmailActionKind,
): Promise<string> => {
  const token = randomToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(emailActionTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailActionTokens.userId, userId),
          eq(emailActionTokens.kind, kind),
          isNull(emailActionTokens.usedAt),
        ),
      );
    await tx.insert(emailActionTokens).values({
      userId,
      kind,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + EMAIL_ACTION_TTL_S[kind] * 1000),
    });
  });
  return token;
};

/** The words of an action mail around its link. */
export interface ActionMailText {
  subject: string;
  intro: string;
  action: string;
}

const MAIL_TEXT: Record<EmailActionKind, ActionMailText> = {
  activeEmail: {
    subject: 'Activate your account',
    intro: 'Your account is ready. Open this link within 24 hours to activate it:',
    action: 'Activate account',
  },
  forgetPwd: {
    subject: 'Reset your password',
    intro: 'Someone asked to reset your password. Open this link within 1 hour to choose a new one:',
    action: 'Reset password',
  },
};

/**
 * The mail of a LOCK (server/domains/access/account-security.ts): a reset-password link, as a forgotten
 * password's; setting a new password with it also unlocks the account.
 */
export const ACCOUNT_LOCKED_MAIL: ActionMailText = {
  subject: 'Your account is locked',
  intro:
    'Your account was locked after too many wrong passwords in a row. If that was you, open this link ' +
    'within 1 hour to choose a new password: that unlocks your account. If it was not you, someone ' +
    'may know your e-mail address; choose a new password all the same. Once the link has expired, use ' +
    '"Forgot password?" on the sign-in page, or ask your administrator to unlock your account:',
  action: 'Choose a new password',
};

/**
 * Creates a single-use token for the user and e-mails the portal link
 * (`${PUBLIC_URL}/x-action/user-active?token=…` or `/x-action/forget-pwd?token=…`).
 * Register and invite flows call this with kind 'activeEmail'.
 */
export const issueEmailAction = async (
  db: Db,
  userId: number,
  kind: EmailActionKind,
  /** the mail's words; the kind's own by default */
  wording: ActionMailText = MAIL_TEXT[kind],
): Promise<{ link: string; to: string }> => {
  const context = contexts.get(db);
  if (!context) throw new Error('issueEmailAction: no mailer bound to this db (buildApp binds one)');
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  const token = await createEmailActionToken(db, userId, kind);
  const link = `${context.config.publicUrl}${EMAIL_LINK_PATHS[kind]}?token=${encodeURIComponent(token)}`;
  const text = wording;
  const title = context.config.portalTitle;
  const greeting = user.name ? `Hello ${user.name},` : 'Hello,';
  await context.mailer.send({
    to: user.email,
    subject: `${text.subject} - ${title}`,
    text: `${greeting}\n\n${text.intro}\n${link}\n\nIf you did not expect this mail, ignore it.\n\n${title}`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(text.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(
      text.action,
    )}</a></p><p>If you did not expect this mail, ignore it.</p><p>${escapeHtml(title)}</p>`,
    link,
  });
  return { link, to: user.email };
};

export interface ValidAction {
  action: EmailActionTokenRow;
  user: UserRow;
}

/** The unused, unexpired action behind a token, with its user; otherwise 26211. */
export const findValidAction = async (db: Db, token: string, kind: EmailActionKind): Promise<ValidAction> => {
  const [row] = await db
    .select({ action: emailActionTokens, user: users })
    .from(emailActionTokens)
    .innerJoin(users, eq(users.id, emailActionTokens.userId))
    .where(and(eq(emailActionTokens.tokenHash, sha256(token)), eq(emailActionTokens.kind, kind)))
    .limit(1);
  if (!row || row.action.usedAt !== null || row.action.expiresAt.getTime() <= Date.now()) {
    throw new AppError('EMAIL_ACTION_TOKEN_INVALID');
  }
  return row;
};

/** Marks an action used; false when another request used it first (so it stays single-use). */
export const consumeEmailAction = async (db: Db, actionId: number): Promise<boolean> => {
  const rows = await db
    .update(emailActionTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailActionTokens.id, actionId), isNull(emailActionTokens.usedAt)))
    .returning({ id: emailActionTokens.id });
  return rows.length > 0;
};

export interface Notice {
  to: string;
  name?: string | null;
  subject: string;
  /** plain-text paragraphs, escaped for the HTML part */
  paragraphs: readonly string[];
  /** a portal path the mail links to, e.g. '/signup' */
  path?: string;
  action?: string;
}

/** A plain notification mail (no token): decisions on requests and the like. */
export const mailNotice = async (db: Db, notice: Notice): Promise<void> => {
  const context = contexts.get(db);
  if (!context) throw new Error('mailNotice: no mailer bound to this db (buildApp binds one)');
  const title = context.config.portalTitle;
  const greeting = notice.name ? `Hello ${notice.name},` : 'Hello,';
  const link = notice.path ? `${context.config.publicUrl}${notice.path}` : undefined;
  const body = notice.paragraphs.join('\n\n');
  await context.mailer.send({
    to: notice.to,
    subject: `${notice.subject} - ${title}`,
    text: `${greeting}\n\n${body}${link ? `\n\n${link}` : ''}\n\n${title}`,
    html: `<p>${escapeHtml(greeting)}</p>${notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${
      link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(notice.action ?? link)}</a></p>` : ''
    }<p>${escapeHtml(title)}</p>`,
    ...(link ? { link } : {}),
  });
};
