import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// Timestamps are integer milliseconds since the epoch (UTC); money is integer cents.
const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const productTypes = sqliteTable('product_types', {
  productTypeId: integer('product_type_id').primaryKey(),
  name: text('name').notNull(),
});

export const products = sqliteTable(
  'products',
  {
    productId: integer('product_id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productTypes.productTypeId),
    species: text('species').notNull().default(''),
    zones: text('zones').notNull().default(''),
    productSize: text('product_size').notNull().default(''),
    productStatus: integer('product_status').notNull().default(2),
    isDougs: integer('is_dougs', { mode: 'boolean' }).notNull().default(false),
    // Photo files are paths relative to the data folder's media directory.
    fullSizeImagePath: text('full_size_image_path'),
    thumbnailImagePath: text('thumbnail_image_path'),
    croppedImagePath: text('cropped_image_path'),
    productImageCropped: integer('product_image_cropped', { mode: 'boolean' }).notNull().default(false),
    photoOwner: text('photo_owner'),
    photoPageUrl: text('photo_page_url'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'number' }),
    deletedAt: integer('deleted_at', { mode: 'number' }),
    deletedBy: text('deleted_by'),
    // Bumped by every write to what the product editor saves, so a save made from an older read is refused
    // (docs/decisions.md says which writes count).
    version: integer('version').notNull().default(1),
  },
  (t) => [index('products_status_idx').on(t.productStatus)],
);

export const productPrices = sqliteTable(
  'product_prices',
  {
    productPriceId: integer('product_price_id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    startQuantity: integer('start_quantity').notNull(),
    endQuantity: integer('end_quantity'),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [index('product_prices_product_idx').on(t.productId)],
);

// One row per stock change; a product's current stock is the sum over the current season.
export const stockChanges = sqliteTable(
  'stock_changes',
  {
    productQuantityId: integer('product_quantity_id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId),
    season: integer('season').notNull(),
    changeInStock: integer('change_in_stock').notNull(),
    notes: text('notes'),
    changedByName: text('changed_by_name').notNull(),
    changedByEmail: text('changed_by_email'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_changes_product_season_idx').on(t.productId, t.season)],
);

// The season's pick-up days staff offer, each taking at most `capacity` orders (not deleted ones). `date` is
// the shop's local calendar day as YYYY-MM-DD and the hours its local wall-clock times as HH:MM, so the day
// never moves with a server's time zone; one day per date (docs/decisions.md).
export const pickUpDays = sqliteTable('pick_up_days', {
  pickUpDayId: integer('pick_up_day_id').primaryKey({ autoIncrement: true }),
  date: text('date').notNull().unique(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  capacity: integer('capacity').notNull(),
  note: text('note'),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'number' }),
  updatedBy: text('updated_by'),
});

export const orders = sqliteTable(
  'orders',
  {
    orderId: integer('order_id').primaryKey({ autoIncrement: true }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    // Digits only, so a lookup matches whatever punctuation the customer typed.
    phoneDigits: text('phone_digits').notNull().default(''),
    workPhoneNumber: text('work_phone_number'),
    comments: text('comments'),
    isTaxExempt: integer('is_tax_exempt', { mode: 'boolean' }).notNull().default(false),
    seasonPurchased: integer('season_purchased').notNull(),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    totalQuantity: integer('total_quantity').notNull().default(0),
    numItems: integer('num_items').notNull().default(0),
    // Bumped on every change so a stale admin edit is refused instead of overwriting.
    version: integer('version').notNull().default(1),
    source: text('source').notNull().default('online'),
    // The pick-up day the customer chose; null when the shop offered none. A day with live orders cannot be
    // deleted (the service refuses and clears the day of deleted orders itself).
    pickUpDayId: integer('pick_up_day_id').references(() => pickUpDays.pickUpDayId),
    // A deleted order's pick-up day as it was shown, kept when staff deleted that day meanwhile (its id is
    // cleared then), so restoring the order can say it comes back without a day. Cleared by the restore.
    removedPickUpDay: text('removed_pick_up_day'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'number' }),
    updatedBy: text('updated_by'),
    deletedAt: integer('deleted_at', { mode: 'number' }),
    deletedBy: text('deleted_by'),
    // Check-in at the counter: when the customer took the order and who handed it over (null: waiting).
    pickedUpAt: integer('picked_up_at', { mode: 'number' }),
    pickedUpBy: text('picked_up_by'),
    // What the counter took for it (null method: nothing recorded); a check may carry its number.
    paidMethod: text('paid_method', { enum: ['cash', 'check'] }),
    paidCents: integer('paid_cents'),
    paidCheckNumber: text('paid_check_number'),
    paidAt: integer('paid_at', { mode: 'number' }),
    paidBy: text('paid_by'),
    // The counter action that made the check-in and the payment standing now (counter_actions), so an undo
    // queued on a phone takes back only the one it was tapped on; null for those made without an action id.
    pickedUpAction: text('picked_up_action'),
    paidAction: text('paid_action'),
  },
  (t) => [
    // Its entries are each season's ids in order: the runs of a season's ids (stock/levels.ts
    // seasonOrderRanges) are found by a few seeks in it.
    index('orders_season_idx').on(t.seasonPurchased),
    // A season's orders newest first (its whole list, read a chunk at a time) straight from the index: on
    // the season alone SQLite sorted every order of the season again for each chunk.
    index('orders_season_created_idx').on(t.seasonPurchased, t.createdAt),
    index('orders_deleted_idx').on(t.deletedAt),
    index('orders_created_idx').on(t.createdAt),
    // The capacity check counts a day's live orders at every submit: the index answers it without a row read.
    index('orders_pick_up_day_idx').on(t.pickUpDayId, t.deletedAt),
  ],
);

export const orderLines = sqliteTable(
  'order_lines',
  {
    orderProductXrefId: integer('order_product_xref_id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId),
    quantity: integer('quantity').notNull(),
    // The unit price used when the line was priced, so later price changes never alter a placed order.
    unitPriceCents: integer('unit_price_cents').notNull(),
    isStatic: integer('is_static', { mode: 'boolean' }).notNull().default(false),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // By product, then order: a product's sales of one season are its lines in the season's runs of ids
    // (stock/levels.ts soldOf), not every season's lines of the product.
    index('order_lines_product_order_idx').on(t.productId, t.orderId),
  ],
);

export const contacts = sqliteTable('contacts', {
  contactId: integer('contact_id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  subject: text('subject'),
  email: text('email').notNull(),
  comments: text('comments').notNull(),
  loadTime: integer('load_time', { mode: 'number' }),
  isSpam: integer('is_spam', { mode: 'boolean' }).notNull().default(false),
  spamReason: text('spam_reason'),
  clientIp: text('client_ip'),
  createdAt: createdAt(),
});

export const settings = sqliteTable('settings', {
  settingId: integer('setting_id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  isTrue: integer('is_true', { mode: 'boolean' }).notNull().default(false),
  value: text('value').notNull().default(''),
  updatedAt: integer('updated_at', { mode: 'number' }),
  updatedBy: text('updated_by'),
});

export const savedMessages = sqliteTable('saved_messages', {
  messageId: integer('message_id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  messageHtml: text('message_html').notNull(),
  createdAt: createdAt(),
});

export const staffAccounts = sqliteTable('staff_accounts', {
  staffId: integer('staff_id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  passwordChangedAt: integer('password_changed_at', { mode: 'number' }),
  lastSignInAt: integer('last_sign_in_at', { mode: 'number' }),
});

// Programs that call the API on their own (an accounting export, a label printer): they get tokens from the
// embedded provider with the client_credentials grant. Only a hash of the secret is kept; a revoked client's
// row stays, so the audit columns that name it still say who it was.
export const integrationClients = sqliteTable('integration_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  scope: text('scope', { enum: ['read', 'write'] }).notNull(),
  secretHash: text('secret_hash').notNull(),
  createdAt: createdAt(),
  createdBy: text('created_by').notNull(),
  lastTokenAt: integer('last_token_at', { mode: 'number' }),
  revokedAt: integer('revoked_at', { mode: 'number' }),
  revokedBy: text('revoked_by'),
});

// Storage for the embedded OpenID provider's sessions, grants and codes, so a restart keeps staff signed in.
export const oidcPayloads = sqliteTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: text('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: integer('expires_at', { mode: 'number' }),
    consumedAt: integer('consumed_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('oidc_payloads_kind_id_idx').on(t.kind, t.id),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
  ],
);

// Outgoing mail is written here first, so a mail server outage never loses a notice or fails an order.
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    emailId: integer('email_id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // The order a customer e-mail is about (receipt, change notice, reminder), so staff see its sends on the
    // order. No foreign key: the outbox is pruned on its own schedule and orders are only ever soft-deleted.
    orderId: integer('order_id'),
  },
  (t) => [index('email_outbox_unsent_idx').on(t.sentAt), index('email_outbox_order_idx').on(t.orderId)],
);

// Customer e-mail texts staff changed in Settings; a kind without a row uses the shop's own text (domain).
export const customerEmailTemplates = sqliteTable('customer_email_templates', {
  kind: text('kind').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedAt: integer('updated_at', { mode: 'number' }),
  updatedBy: text('updated_by'),
});

// One row per pick-up reminder written: the key makes "never two reminders for one order and day" hold across
// restarts and overlapping passes. Kept apart from the outbox, which is pruned after 30 days.
export const pickUpReminders = sqliteTable(
  'pick_up_reminders',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    // The pick-up date (YYYY-MM-DD in the shop's time zone) the reminder was for; moving the order to
    // another day earns one more reminder.
    pickUpDate: text('pick_up_date').notNull(),
    emailId: integer('email_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.pickUpDate] })],
);

// Customers waiting for a Sold Out or Call for Availability product; told once, in the order they joined.
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    waitlistEntryId: integer('waitlist_entry_id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // The address lowercased: the same person typing Robin@ and robin@ is one entry.
    emailKey: text('email_key').notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
    toldAt: integer('told_at', { mode: 'number' }),
    emailId: integer('email_id'),
  },
  (t) => [
    uniqueIndex('waitlist_entries_product_email_idx').on(t.productId, t.emailKey),
    index('waitlist_entries_waiting_idx').on(t.productId, t.toldAt),
  ],
);

// Every file the shop keeps in its media folder, with a checksum for backups.
export const uploadedFiles = sqliteTable('uploaded_files', {
  fileId: integer('file_id').primaryKey({ autoIncrement: true }),
  kind: text('kind').notNull(),
  path: text('path').notNull().unique(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  productId: integer('product_id'),
  originalName: text('original_name'),
  createdAt: createdAt(),
});

// Each new season staff started (Settings → New season): who, when, with which options and what it changed,
// and the automatic backup taken just before, which undoes it. The latest row's toSeason is the shop's
// current season until the calendar passes it.
export const seasonRollovers = sqliteTable('season_rollovers', {
  rolloverId: integer('rollover_id').primaryKey({ autoIncrement: true }),
  fromSeason: integer('from_season').notNull(),
  toSeason: integer('to_season').notNull(),
  /** The options as applied (RolloverOptions), JSON. */
  options: text('options').notNull(),
  /** The counts the preview showed (RolloverCounts), JSON. */
  summary: text('summary').notNull(),
  /** The backup's file name in the data folder's backups/. */
  backupFile: text('backup_file').notNull(),
  createdAt: createdAt(),
  createdBy: text('created_by').notNull(),
  createdByEmail: text('created_by_email'),
});

// Every change of a product's status, whichever write made it (staff, a sheet, an order selling the last
// one, a new season), kept by a trigger so the season report can say when a product was marked Sold Out.
// `changed_at` is the product's own updated_at of that write (the shop's clock), else the database's.
export const productStatusChanges = sqliteTable(
  'product_status_changes',
  {
    productStatusChangeId: integer('product_status_change_id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    fromStatus: integer('from_status').notNull(),
    toStatus: integer('to_status').notNull(),
    changedAt: integer('changed_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('product_status_changes_product_idx').on(t.productId, t.changedAt)],
);

// Demand the shop could not meet: a storefront order refused because a product had too few left. Only the
// product, the season and the quantities are kept, nothing of the customer.
export const stockShortfalls = sqliteTable(
  'stock_shortfalls',
  {
    stockShortfallId: integer('stock_shortfall_id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    season: integer('season').notNull(),
    quantityAsked: integer('quantity_asked').notNull(),
    quantityLeft: integer('quantity_left').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stock_shortfalls_season_idx').on(t.season, t.productId)],
);

// The quantity staff plan to grow of a product for a season, set by hand on the season report over the
// suggested one.
export const seasonPlans = sqliteTable(
  'season_plans',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    season: integer('season').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.season] })],
);

// The first answer to a create sent with an Idempotency-Key, kept so a retry of the same request (a phone on a
// weak signal, a rerun job) gets that answer instead of a second order. Keys are per caller (`scope`: a token's
// subject or the client's address), so nobody reads another's answer; the body's fingerprint tells a retry from
// a different request under the same key. A storefront order's row is written in the order's own transaction.
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The procedure the key was used for, e.g. orders.submit. */
    operation: text('operation').notNull(),
    /** SHA-256 of the operation and the request's body, hex. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    /** The answer's data, JSON text. */
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

// Every tap at the counter sent with its action id, once: a phone resending it after a drop of the network
// is answered from here, and nothing is recorded twice. Kept for good (a few hundred a season): a phone may
// come back days later, and the log says who did what at the counter.
export const counterActions = sqliteTable(
  'counter_actions',
  {
    actionId: text('action_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    /** checkIn, undoCheckIn, recordPayment or clearPayment. */
    kind: text('kind').notNull(),
    /** SHA-256 of the action as received, hex: the same id with another action is refused. */
    fingerprint: text('fingerprint').notNull(),
    recorded: integer('recorded', { mode: 'boolean' }).notNull(),
    /** Why it was not recorded, in words for staff. */
    conflict: text('conflict'),
    staff: text('staff'),
    createdAt: createdAt(),
  },
  (t) => [index('counter_actions_order_idx').on(t.orderId)],
);

// Addresses staff subscribed to the shop's events (Standard Webhooks). The secret signs every delivery, so
// it is kept as it is (a receiver holds the same one); it is shown once, when the endpoint is added.
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  endpointId: text('endpoint_id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  secret: text('secret').notNull(),
  // The event types it receives, as a JSON array of names such as "order.placed".
  events: text('events').notNull(),
  createdAt: createdAt(),
  createdBy: text('created_by').notNull(),
  // Set when every delivery failed for the whole retry window (or staff paused it); null while it receives.
  disabledAt: integer('disabled_at', { mode: 'number' }),
  disabledReason: text('disabled_reason'),
  // When its deliveries began to fail, cleared by the next one it accepts.
  failingSince: integer('failing_since', { mode: 'number' }),
});

// One event for one endpoint, written in the same transaction as the change that caused it, and kept with
// the outcome of its last try: the Integrations screen lists them.
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    deliveryId: integer('delivery_id').primaryKey({ autoIncrement: true }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.endpointId, { onDelete: 'cascade' }),
    // The webhook-id header: the same on every try, so a receiver drops a second copy.
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    // The signed body, exactly as sent.
    payload: text('payload').notNull(),
    // Deliveries about one order reach an endpoint in the order they happened.
    orderId: integer('order_id'),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    // Tries since it was queued (or redelivered by staff): where it is in the retry schedule.
    scheduleStep: integer('schedule_step').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'number' }).notNull(),
    lastAttemptAt: integer('last_attempt_at', { mode: 'number' }),
    lastStatusCode: integer('last_status_code'),
    // The first bytes of the receiver's answer, or why there was none (refused, timed out).
    lastAnswer: text('last_answer'),
    deliveredAt: integer('delivered_at', { mode: 'number' }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.deliveryId),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.orderId, t.status),
  ],
);
