// The two bank files of a payout batch: a CSV for people and spreadsheets, and an ISO 20022
// pain.001.001.03 Customer Credit Transfer Initiation for the bank. Both are pure functions of
// the batch, so their sha256 (kept on the batch) names exactly what was handed over.
//
// The XML is written by hand rather than with a builder library: the message is a fixed tree
// of a few dozen elements, the one risk is text from people (names), and `xmlText` below
// escapes it (and drops characters XML 1.0 cannot carry); test/payout-batches.test.ts feeds it
// hostile names and parses the result.
import { centsToDecimal } from 'shared-api/contract/dashboard';
import type { PayoutDebtor } from '../../config';
import { csvDocument, type CsvColumn } from '../transactions';

export interface BatchLine {
  payoutId: string;
  amountCents: number;
  creditorName: string;
  kind: 'US_ACH' | 'IBAN';
  iban: string | null;
  bic: string | null;
  routingNumber: string | null;
  accountNumber: string | null;
  requestedAt: Date;
}

export interface BatchHead {
  id: string;
  createdAt: Date;
  debtor: PayoutDebtor;
  lines: BatchLine[];
}

/** Text content or attribute value: the five markup characters escaped, invalid characters dropped. */
export function xmlText(value: string): string {
  // XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
  const legal = value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
  return legal.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]);
}
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** At most n characters (code points), as pain.001's MaxNText types require. */
function maxText(value: string, n: number): string {
  return [...value.trim()].slice(0, n).join('');
}

/** A pain.001 identifier (Max35Text): a UUID without its dashes (32 characters). */
export function messageId(uuid: string): string {
  return uuid.replace(/-/g, '');
}

type Node = [name: string, content: string | Node[], attrs?: Record<string, string>];

function render(node: Node, depth: number): string {
  const [name, content, attrs] = node;
  const pad = '  '.repeat(depth);
  const attributes = attrs
    ? Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${xmlText(v)}"`)
        .join('')
    : '';
  if (typeof content === 'string') return `${pad}<${name}${attributes}>${xmlText(content)}</${name}>\n`;
  return `${pad}<${name}${attributes}>\n${content.map((c) => render(c, depth + 1)).join('')}${pad}</${name}>\n`;
}

function account(iban: string | null, other: string | null): Node {
  return ['Id', iban ? [['IBAN', iban]] : [['Othr', [['Id', other ?? '']]]]];
}

function agent(bic: string | null, routingNumber: string | null): Node {
  if (bic) return ['FinInstnId', [['BIC', bic]]];
  // A US bank without a BIC: its ABA routing number as a clearing-system member id.
  return [
    'FinInstnId',
    [
      [
        'ClrSysMmbId',
        [
          ['ClrSysId', [['Cd', 'USABA']]],
          ['MmbId', routingNumber ?? ''],
        ],
      ],
    ],
  ];
}

export function batchTotalCents(lines: BatchLine[]): number {
  return lines.reduce((sum, l) => sum + l.amountCents, 0);
}

export function pain001(head: BatchHead): string {
  const { debtor, lines } = head;
  const total = centsToDecimal(batchTotalCents(lines));
  const id = messageId(head.id);
  const createdAt = head.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const tree: Node = [
    'Document',
    [
      [
        'CstmrCdtTrfInitn',
        [
          [
            'GrpHdr',
            [
              ['MsgId', id],
              ['CreDtTm', createdAt],
              ['NbOfTxs', String(lines.length)],
              ['CtrlSum', total],
              ['InitgPty', [['Nm', maxText(debtor.name, 140)]]],
            ],
          ],
          [
            'PmtInf',
            [
              ['PmtInfId', id],
              ['PmtMtd', 'TRF'],
              ['NbOfTxs', String(lines.length)],
              ['CtrlSum', total],
              ['ReqdExctnDt', createdAt.slice(0, 10)],
              ['Dbtr', [['Nm', maxText(debtor.name, 140)]]],
              ['DbtrAcct', [account(debtor.iban, debtor.accountNumber)]],
              ['DbtrAgt', [agent(debtor.bic, debtor.routingNumber)]],
              ['ChrgBr', debtor.iban ? 'SLEV' : 'SHAR'],
              ...lines.map((l): Node => [
                'CdtTrfTxInf',
                [
                  ['PmtId', [['EndToEndId', messageId(l.payoutId)]]],
                  ['Amt', [['InstdAmt', centsToDecimal(l.amountCents), { Ccy: debtor.currency }]]],
                  ['CdtrAgt', [agent(l.bic, l.routingNumber)]],
                  ['Cdtr', [['Nm', maxText(l.creditorName, 140)]]],
                  ['CdtrAcct', [account(l.iban, l.accountNumber)]],
                  ['RmtInf', [['Ustrd', `Withdrawal ${l.payoutId}`]]],
                ],
              ]),
            ],
          ],
        ],
      ],
    ],
    { xmlns: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03' },
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(tree, 0)}`;
}

const columns = (currency: string): CsvColumn<BatchLine>[] => [
  { title: 'payout_id', value: (l) => l.payoutId },
  { title: 'end_to_end_id', value: (l) => messageId(l.payoutId) },
  { title: 'amount', value: (l) => centsToDecimal(l.amountCents), numeric: true },
  { title: 'currency', value: () => currency },
  { title: 'creditor_name', value: (l) => l.creditorName },
  { title: 'account_kind', value: (l) => l.kind },
  { title: 'iban', value: (l) => l.iban ?? '' },
  { title: 'bic', value: (l) => l.bic ?? '' },
  { title: 'routing_number', value: (l) => l.routingNumber ?? '' },
  { title: 'account_number', value: (l) => l.accountNumber ?? '' },
  { title: 'requested_at', value: (l) => l.requestedAt.toISOString() },
];

export function batchCsv(head: BatchHead): string {
  return csvDocument(columns(head.debtor.currency), head.lines);
}
