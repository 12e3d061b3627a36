import { CONTACT_THANK_YOU } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { BusyLabel } from '../../components/BusyLabel';
import { bindText, Field } from '../../components/Field';
import { ShopContact } from '../../components/ShopContact';
import { directionsUrl, MAP_ZOOM, mapEmbedUrl, mapLinkUrl } from '../../lib/maps';
import { publicMutation } from '../../lib/publicApi';
import { useSingleFlight } from '../../lib/singleFlight';
import { useSiteConfig } from '../../lib/site';
import { dismissToast, showFormFailure } from '../../lib/toast';

export function Contact() {
  const config = useSiteConfig();
  const shop = config.data?.shop;

  return (
    <div className="container contact-page">
      <header className="page-header">
        <h1>Contact us</h1>
        <p className="lead">Questions about trees, your order or your planting? We read every message.</p>
      </header>
      <div className="contact-layout">
        <div className="contact-main">
          <ContactForm />
        </div>
        <div className="contact-side">
          <section className="panel" aria-labelledby="visit-heading">
            <div className="panel-body">
              <h2 id="visit-heading">Visit the nursery</h2>
              {shop ? <ShopContact shop={shop} className="contact-address" withName /> : null}
              <DirectionsForm latitude={shop?.latitude} longitude={shop?.longitude} />
            </div>
          </section>
          <div className="map-frame">
            {shop ? (
              <>
                <iframe
                  title={`Map of ${shop.name} and the area around it`}
                  src={mapEmbedUrl(shop.latitude, shop.longitude, MAP_ZOOM)}
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  width={640}
                  height={400}
                />
                <a
                  className="map-link"
                  href={mapLinkUrl(shop.latitude, shop.longitude)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  View a larger map<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}

function DirectionsForm({
  latitude,
  longitude,
}: {
  latitude: number | undefined;
  longitude: number | undefined;
}) {
  const [from, setFrom] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (latitude === undefined || longitude === undefined || !from.trim()) return;
    window.open(directionsUrl(from, latitude, longitude), '_blank', 'noopener,noreferrer');
  };
  return (
    <form className="directions-form" onSubmit={onSubmit} aria-label="Directions">
      <label className="form-label" htmlFor="directions-from">
        Get directions from your address
      </label>
      <div className="input-group">
        <input
          id="directions-from"
          className="form-control"
          autoComplete="street-address"
          placeholder="Street, town"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          required
        />
        <button type="submit" className="btn btn-primary">
          Get Directions
        </button>
      </div>
      <p className="form-hint">Opens OpenStreetMap's route planner in a new tab.</p>
    </form>
  );
}

/** The contact form's failure toast: one at a time, gone once a message is sent. */
const CONTACT_FAILURE_TOAST = 'contact-failure';

function ContactForm() {
  // When the page was opened: a message sent seconds later is likely a script (checked by the server).
  const [loadTime] = useState(() => Date.now());
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [comments, setComments] = useState('');
  const [subject, setSubject] = useState('');
  const [submissionId, setSubmissionId] = useState<number | null>(null);
  const once = useSingleFlight();
  const insert = useMutation(publicMutation('contacts.insert'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    once(async () => {
      try {
        const answer = await insert.mutateAsync({ name, email, comments, subject, loadTime });
        // An earlier failure's toast stays until closed: once the message is sent it is no longer true.
        dismissToast(CONTACT_FAILURE_TOAST);
        setSubmissionId(answer.contactSubmissionId);
      } catch (error) {
        showFormFailure(error, CONTACT_FAILURE_TOAST);
      }
    });
  };

  if (submissionId !== null) {
    return (
      <section className="panel" aria-labelledby="thanks-heading">
        <div className="panel-body contact-thanks" role="status">
          <h2 id="thanks-heading">Message sent</h2>
          <p className="mb-0">{CONTACT_THANK_YOU}</p>
        </div>
      </section>
    );
  }

  const submitting = insert.isPending;
  return (
    <section className="panel" aria-labelledby="contact-heading">
      <form className="panel-body contact-form" onSubmit={onSubmit} aria-busy={submitting}>
        <h2 id="contact-heading">Send us a message</h2>
        <Field id="contact-name" label="Name">
          <input
            id="contact-name"
            autoComplete="name"
            required
            maxLength={100}
            {...bindText(name, setName)}
          />
        </Field>
        <Field id="contact-email" label="Email">
          <input
            id="contact-email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            {...bindText(email, setEmail)}
          />
        </Field>
        {/* Hidden from people and screen readers; only form-filling scripts fill it in. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="contact-subject">Subject</label>
          <input
            id="contact-subject"
            name="subject"
            tabIndex={-1}
            autoComplete="off"
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
        </div>
        <Field id="contact-comments" label="Comments">
          <textarea
            id="contact-comments"
            rows={6}
            required
            maxLength={5000}
            {...bindText(comments, setComments)}
          />
        </Field>
        <button type="submit" className="btn btn-primary" aria-disabled={submitting ? true : undefined}>
          <BusyLabel busy={submitting} busyText="Submitting">
            Send Message
          </BusyLabel>
        </button>
      </form>
    </section>
  );
}
