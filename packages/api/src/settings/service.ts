import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { savedMessages, settings, uploadedFiles } from '@nursery/db';
import type { SavedMessage, Setting } from '@nursery/domain';
import { normalizeEmailList, SETTING_NAMES } from '@nursery/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import type { UploadedFile } from '../input.ts';
import type { RawJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';
import type { StaffIdentity } from '../trpc.ts';
import { settingStatements, storedSetting } from './read.ts';
import { sanitizeMessageHtml } from './sanitize.ts';

export type { SavedMessage, Setting } from '@nursery/domain';

/**
 * Staff HTML as it may leave the shop. Saving sanitizes already, but a row restored from an old backup or
 * written into the database by hand never went through that, so every read path sanitizes again with the
 * same sanitizer. The last answer is kept: the message rarely changes and settings are read on every page.
 */
let lastSanitized: { html: string; safe: string } | undefined;
function readableMessageHtml(html: string): string {
  if (lastSanitized?.html !== html) lastSanitized = { html, safe: sanitizeMessageHtml(html) };
  return lastSanitized.safe;
}

function readable(setting: Setting): Setting {
  return setting.name === SETTING_NAMES.message
    ? { ...setting, value: readableMessageHtml(setting.value) }
    : setting;
}

export function getAllSettings(shop: Shop): Setting[] {
  return settingStatements(shop.db).all.all().map(readable);
}

/**
 * GetAllSettings as anyone on the internet gets it: every row, but the stock e-mail list blank. Those are the
 * staff's own addresses, which the storefront never reads and a harvester would love.
 */
export function settingsForVisitors(shop: Shop): Setting[] {
  return getAllSettings(shop).map((s) =>
    s.name === SETTING_NAMES.productStockEmails ? { ...s, value: '' } : s,
  );
}

const VISITOR_SETTINGS = 'settings.visitors';

/**
 * settingsForVisitors serialized once and kept with the storefront's other cached answers: every page of the
 * storefront asks for it, and reading, sanitizing and serializing the rows cost as much as the request
 * itself. writeSetting (every change of a setting) drops it, a restore or any other change of the catalogue
 * drops every cached answer with it.
 */
export function cachedSettingsForVisitors(shop: Shop): RawJson<Setting[]> {
  return shop.catalogCache.get(VISITOR_SETTINGS, () => settingsForVisitors(shop));
}

export function getSetting(shop: Shop, name: string): Setting | undefined {
  const found = storedSetting(shop, name);
  return found && readable(found);
}

function who(staff: StaffIdentity): string {
  return staff.name || staff.email;
}

/** Writes one setting, creating the row if an old database lacks it, and answers the whole list. */
function writeSetting(
  shop: Shop,
  staff: StaffIdentity,
  name: string,
  change: { isTrue?: boolean; value?: string },
): Setting[] {
  const stamp = { updatedAt: shop.now().getTime(), updatedBy: who(staff) };
  shop.db
    .insert(settings)
    .values({ name, isTrue: change.isTrue ?? false, value: change.value ?? '', ...stamp })
    .onConflictDoUpdate({ target: settings.name, set: { ...change, ...stamp } })
    .run();
  shop.log.info({ setting: name, by: stamp.updatedBy }, 'setting changed');
  shop.catalogCache.drop(VISITOR_SETTINGS);
  return getAllSettings(shop);
}

export function setOnlineOrderingOpen(shop: Shop, staff: StaffIdentity, isOpen: boolean): Setting[] {
  const answer = writeSetting(shop, staff, SETTING_NAMES.onlineOrderingEnabled, { isTrue: isOpen });
  // The storefront's cached answers may carry the ordering state; rebuild them on the next visit.
  shop.catalogCache.invalidate();
  return answer;
}

/** Saves the global message, sanitized, so nothing a staff member pastes can run script on the storefront. */
export function setMessage(shop: Shop, staff: StaffIdentity, html: string): Setting[] {
  return writeSetting(shop, staff, SETTING_NAMES.message, { value: sanitizeMessageHtml(html) });
}

export function listSavedMessages(shop: Shop): SavedMessage[] {
  return shop.db
    .select({
      messageId: savedMessages.messageId,
      name: savedMessages.name,
      messageHtml: savedMessages.messageHtml,
    })
    .from(savedMessages)
    .orderBy(asc(savedMessages.name))
    .all()
    .map((m) => ({ ...m, messageHtml: sanitizeMessageHtml(m.messageHtml) }));
}

/** Stores a message under a name for later; saving under an existing name replaces that one. */
export function saveMessageAs(
  shop: Shop,
  staff: StaffIdentity,
  input: { name: string; html: string },
): Setting[] {
  const messageHtml = sanitizeMessageHtml(input.html);
  shop.db
    .insert(savedMessages)
    .values({ name: input.name, messageHtml, createdAt: shop.now().getTime() })
    .onConflictDoUpdate({ target: savedMessages.name, set: { messageHtml } })
    .run();
  shop.log.info({ name: input.name, by: who(staff) }, 'message saved for reuse');
  return getAllSettings(shop);
}

function savedMessageNamed(shop: Shop, messageId: number): string {
  const row = shop.db
    .select({ name: savedMessages.name })
    .from(savedMessages)
    .where(eq(savedMessages.messageId, messageId))
    .get();
  if (!row)
    throw new ShopError({ kind: 'not_found', message: `There is no saved message number ${messageId}.` });
  return row.name;
}

/** Deletes a saved message; the live message is its own copy and stays as it is. Answers the saved messages. */
export function deleteSavedMessage(shop: Shop, staff: StaffIdentity, messageId: number): SavedMessage[] {
  const name = savedMessageNamed(shop, messageId);
  shop.db.delete(savedMessages).where(eq(savedMessages.messageId, messageId)).run();
  shop.log.info({ name, by: who(staff) }, 'saved message deleted');
  return listSavedMessages(shop);
}

/**
 * Gives a saved message a new name. A name another message has is refused rather than replacing it, unlike
 * Save as...: a rename that quietly deleted a different message would lose work. Answers the saved messages.
 */
export function renameSavedMessage(
  shop: Shop,
  staff: StaffIdentity,
  input: { messageId: number; name: string },
): SavedMessage[] {
  const before = savedMessageNamed(shop, input.messageId);
  const taken = shop.db
    .select({ messageId: savedMessages.messageId })
    .from(savedMessages)
    .where(and(eq(savedMessages.name, input.name), ne(savedMessages.messageId, input.messageId)))
    .get();
  if (taken) {
    throw new ShopError({
      kind: 'bad_request',
      message: `There is already a saved message named "${input.name}". Choose another name, or delete that one first.`,
    });
  }
  shop.db
    .update(savedMessages)
    .set({ name: input.name })
    .where(eq(savedMessages.messageId, input.messageId))
    .run();
  shop.log.info({ from: before, to: input.name, by: who(staff) }, 'saved message renamed');
  return listSavedMessages(shop);
}

export function setProductStockEmails(shop: Shop, staff: StaffIdentity, emails: string): Setting[] {
  return writeSetting(shop, staff, SETTING_NAMES.productStockEmails, { value: normalizeEmailList(emails) });
}

const PDF_CONTENT_TYPES = new Set(['application/pdf', 'application/x-pdf']);
const PDF_MAGIC = Buffer.from('%PDF-', 'ascii');
const FLYER_KIND = 'flyer';
const FLYER_FOLDER = 'flyers';

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Throws the message a person can act on when the upload is not a PDF the shop will keep. */
export function checkPdf(shop: Shop, file: UploadedFile): void {
  if (file.data.byteLength === 0) {
    throw new ShopError({
      kind: 'bad_request',
      message: 'The chosen file is empty. Choose the PDF flyer again.',
    });
  }
  if (file.data.byteLength > shop.config.pdfMaxBytes) {
    throw new ShopError({
      kind: 'too_large',
      message: `The flyer is ${megabytes(file.data.byteLength)}; the largest PDF the shop accepts is ${megabytes(shop.config.pdfMaxBytes)}. Save it smaller (for example "Reduce file size" in your PDF program) and upload again.`,
    });
  }
  const contentType = file.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const startsLikePdf = Buffer.from(file.data.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC);
  if (!PDF_CONTENT_TYPES.has(contentType) || !startsLikePdf) {
    throw new ShopError({
      kind: 'bad_request',
      message: `"${file.fileName || 'The file'}" is not a PDF file. The flyer must be a PDF document.`,
    });
  }
}

function mediaPath(shop: Shop, relative: string): string {
  const root = path.resolve(shop.config.mediaDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) throw new Error(`media path escapes the media folder: ${relative}`);
  return file;
}

async function removeMedia(shop: Shop, relatives: readonly string[]): Promise<void> {
  for (const relative of relatives) {
    try {
      await rm(mediaPath(shop, relative), { force: true });
    } catch (error) {
      // A file left behind costs disk space only; nothing points at it any more.
      shop.log.warn({ err: error, path: relative }, 'could not remove an old flyer');
    }
  }
}

/**
 * Keeps the uploaded PDF as the storefront's flyer. The file is named by its content hash (so /media can
 * cache it forever) and written under a temp name first, so a visitor never downloads half a file.
 */
export async function setActivePdf(shop: Shop, staff: StaffIdentity, file: UploadedFile): Promise<Setting[]> {
  checkPdf(shop, file);
  const bytes = Buffer.from(file.data);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const relative = `${FLYER_FOLDER}/${sha256.slice(0, 24)}.pdf`;
  const target = mediaPath(shop, relative);
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomUUID()}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, target);

  const originalName = path.basename(file.fileName || 'flyer.pdf').slice(0, 255);
  const { old: replaced, answer } = shop.db.transaction((tx) => {
    const old = tx
      .select({ path: uploadedFiles.path })
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.kind, FLYER_KIND), ne(uploadedFiles.path, relative)))
      .all()
      .map((r) => r.path);
    tx.delete(uploadedFiles)
      .where(and(eq(uploadedFiles.kind, FLYER_KIND), ne(uploadedFiles.path, relative)))
      .run();
    tx.insert(uploadedFiles)
      .values({
        kind: FLYER_KIND,
        path: relative,
        contentType: 'application/pdf',
        sizeBytes: bytes.byteLength,
        sha256,
        originalName,
        createdAt: shop.now().getTime(),
      })
      .onConflictDoUpdate({ target: uploadedFiles.path, set: { originalName } })
      .run();
    return {
      old,
      answer: writeSetting(shop, staff, SETTING_NAMES.activePdf, { value: `/media/${relative}` }),
    };
  });
  await removeMedia(shop, replaced);
  return answer;
}

export async function clearActivePdf(shop: Shop, staff: StaffIdentity): Promise<Setting[]> {
  const old = shop.db
    .select({ path: uploadedFiles.path })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.kind, FLYER_KIND))
    .all()
    .map((r) => r.path);
  shop.db.delete(uploadedFiles).where(eq(uploadedFiles.kind, FLYER_KIND)).run();
  const answer = writeSetting(shop, staff, SETTING_NAMES.activePdf, { value: '' });
  await removeMedia(shop, old);
  return answer;
}
