import { mailtoHref, type SiteConfig, telHref } from '@nursery/domain';

/**
 * The shop's address, its two phone numbers (each a link that dials it) and its e-mail address, as the footer
 * and the Contact page show them; the Contact page names the shop above them.
 */
export function ShopContact({
  shop,
  className,
  withName = false,
}: {
  shop: SiteConfig['shop'];
  className: string;
  withName?: boolean;
}) {
  return (
    <address className={className}>
      {withName ? <strong>{shop.name}</strong> : null}
      <span>{shop.address}</span>
      <span>
        <a href={telHref(shop.phone)}>{shop.phone}</a>
        {' · '}
        <a href={telHref(shop.phone2)}>{shop.phone2}</a>
      </span>
      <span>
        <a href={mailtoHref(shop.email)}>{shop.email}</a>
      </span>
    </address>
  );
}
