import { Link } from 'shared-ui/router';
import { BRAND, STORAGE_KEYS, paths } from 'shared-api/contract/basics';
import { ArticlePage, type ArticleSection } from '../components/article-page';

const SECTIONS: ArticleSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {BRAND} runs a fractional real-estate investment platform. This policy explains what personal data we collect when you visit our
        site, create an account, invest or list a property, why we collect it, and the choices you have. It also serves as our cookie policy
        (see <a href="#cookies">Cookies and local storage</a>).
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your first and last name, e-mail address, the role you chose (investor or property owner) and
          your password, which we store only as a one-way hash.
        </li>
        <li>
          <strong>Verification details:</strong> your nationality, phone number, whether you act as an individual or a business, a business
          name, your identity document and, for businesses, company documents.
        </li>
        <li>
          <strong>Investment activity:</strong> wallet deposits and withdrawals, orders, holdings, subscription payments and the answers you
          give in the investor questionnaire.
        </li>
        <li>
          <strong>Property information</strong> that owners submit, including images, documents and construction progress.
        </li>
        <li>
          <strong>Messages</strong> you send us through the contact form or support tickets: your name, phone number, e-mail address,
          subject and message.
        </li>
        <li>
          <strong>Technical data:</strong> your IP address, browser and the time of each request, kept in security logs.
        </li>
      </ul>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To create and secure your account and let you sign in.</li>
        <li>To verify your identity before you invest or raise money, as the law requires of investment platforms.</li>
        <li>To carry out your deposits, orders, withdrawals and payouts, and keep an accurate record of them.</li>
        <li>To review listings and show live properties to investors.</li>
        <li>To answer your messages and send you the codes and notices your account needs.</li>
        <li>To detect and prevent fraud and abuse, and to keep the platform running.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We never sell your personal data. We share it only with:</p>
        <ul>
          <li>our payment provider, to process deposits and the subscription fee;</li>
          <li>the services that host our platform and deliver our e-mails, bound by contract to use it only on our behalf;</li>
          <li>authorities, when the law requires it.</li>
        </ul>
        <p>
          Investors do not see owners&apos; documents beyond those published with a listing, and owners see only the names and holdings of
          the investors in their own properties.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account data for as long as your account is open. Financial records are kept for the period that financial regulations
        require, even after an account is closed. Contact messages are kept for up to two years. Security logs are kept for a short period
        unless they are needed to investigate an incident.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Connections to {BRAND} are encrypted. Passwords are hashed, sessions expire and can be ended, identity documents are private to you
        and our verification team, and access to personal data within our team is limited to those who need it.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Depending on where you live, you can ask us to:</p>
        <ul>
          <li>give you a copy of the personal data we hold about you;</li>
          <li>correct data that is wrong (you can change most of it yourself in your profile);</li>
          <li>delete your data, unless we must keep it by law;</li>
          <li>restrict or object to how we use it.</li>
        </ul>
        <p>
          To exercise these rights, write to us through the <Link to={paths.homeContact}>contact form</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          {BRAND} does not use advertising or third-party tracking cookies. To work, the site keeps a few values in your browser&apos;s
          local storage:
        </p>
        <ul>
          <li>
            <code>{STORAGE_KEYS.authUser}</code> and <code>{STORAGE_KEYS.accessToken}</code>: who you are signed in as, and your session
            token, so that you stay signed in between pages. They are removed when you log out.
          </li>
          <li>
            <code>{STORAGE_KEYS.checkoutStatus}</code>: the status of a payment you started, so that we can tell you how it went when you
            come back from the payment page.
          </li>
          <li>A random identifier used to roll out new versions of the site gradually. It says nothing about who you are.</li>
        </ul>
        <p>
          You can clear these values at any time in your browser settings; you will then be signed out. Our payment provider may set its own
          cookies on its checkout page, under its own policy.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that matters, we will tell you by e-mail or with a notice on the site before the change applies.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <ArticlePage
      eyebrow="Legal"
      title="Privacy and cookie policy"
      intro={`How ${BRAND} collects, uses and protects your personal data, and the few values the site keeps in your browser.`}
      sections={SECTIONS}
    />
  );
}
