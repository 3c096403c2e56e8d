// Requests to pay outside PuppyNest checkout (decision 0117), read in folded words (text-views.ts):
// every common channel (bank transfer and wire, Zelle, Cash App, Venmo, PayPal, Apple Pay, Google Pay,
// Chime, money orders, MoneyGram, Western Union, Remitly and the like, gift cards, crypto, cash), a
// deposit before the family has seen the puppy, the fees that appear after the sale (crate, insurance,
// vet certificate, transport), and paying outside the site. Each pattern is bounded (no nested
// quantifiers), so a long hostile message costs little.
import type { ScamFlag } from './flags.ts';

export interface Rule {
  flag: ScamFlag;
  pattern: RegExp;
}

/** a channel named in a clause that does not turn it down is a request: "Venmo works for me", "do you take Zelle?" */
export const CHANNELS: readonly Rule[] = [
  { flag: 'zelle', pattern: /\bzelle\b/g },
  { flag: 'cash_app', pattern: /\bcash ?app\b|(?<![\w$])\$[a-z][a-z0-9_]{2,}/g },
  { flag: 'venmo', pattern: /\bvenmo\b/g },
  {
    flag: 'paypal',
    pattern:
      /\bpay ?pal\b|\b(?:pay|send|sent|payment|as)\b[^.!?,]{0,20}\b(?:f ?& ?f|fnf|friends ?(?:and|&|n) ?family|f and f)\b/g,
  },
  { flag: 'apple_pay', pattern: /\bapple ?(?:pay|cash)\b/g },
  { flag: 'google_pay', pattern: /\bgoogle ?(?:pay|wallet)\b|\bg ?pay\b/g },
  // Chime is also a name ("her name is Chime"): it counts as the bank beside a payment word
  {
    flag: 'chime',
    pattern:
      /\b(?:pay|send|sent|bank|banks|banking|use|via|through|on|with|by|accept|take|have) (?:me |us |it )?(?:on |with |through |via )?chime\b|\bchime ?(?:sign|app|account|tag|transfer|pay)\b|\bchime \$/g,
  },
  { flag: 'money_order', pattern: /\bmoney ?orders?\b/g },
  { flag: 'moneygram', pattern: /\bmoney ?gram\b/g },
  { flag: 'western_union', pattern: /\bwestern ?union\b/g },
  {
    flag: 'money_transfer_service',
    pattern:
      /\bremitly\b|\bworld ?remit\b|\bxoom\b|\bria money\b|\b(?:through|via|by|with|using) ria\b|\bwalmart ?(?:2|to) ?walmart\b|\bwalmart money ?(?:card|transfer)\b/g,
  },
  {
    flag: 'gift_card',
    pattern:
      /\bgift ?cards?\b|\b(?:steam|itunes|apple|google play|amazon|ebay|vanilla|prepaid|target|walmart|sephora|razer gold|green ?dot|reloadit|paysafe)(?: visa| mastercard| gift| prepaid| debit)? ?cards?\b|\bcard codes?\b|\bcodes? on the back\b/g,
  },
  {
    flag: 'crypto',
    pattern:
      /\bcrypto(?:currency)?\b|\bbitcoin\b|\bbtc\b|\bethereum\b|\beth\b|\busdt\b|\busdc\b|\btether\b|\blitecoin\b|\bdogecoin\b|\bcoinbase\b|\bbinance\b|\bwallet address\b/g,
  },
  {
    flag: 'wire_transfer',
    pattern:
      /\b(?:bank|wire) transfers?\b|\bbank wire\b|\bwire (?:me|us|it|the|money|funds|payment|deposit|balance|rest)\b|\bwire \$?\d|\b(?:by|via|through|with a) wire\b|\bwired (?:me|us|it|the|money)\b|\bwired \$?\d|\bdirect deposit\b|\brouting (?:and account )?numbers?\b|\b(?:bank|account|banking) (?:details|info|information|number)\b|\bwire (?:instructions|details)\b|\bach (?:transfer|payment)\b|\be ?transfers?\b|\binterac\b|\b(?:bank|cash) deposits?\b|\bdeposit (?:it |the money |the payment )?at (?:any |the |a |your )?(?:[a-z]+ ){0,2}(?:bank|branch)\b|\bdeposit (?:it |the money )?(?:in|into|to) (?:my|our) (?:account|bank)\b/g,
  },
  {
    flag: 'cash_in_hand',
    pattern:
      /\b(?:pay|paid|payment)(?: me| us)?(?: in| with| by)? cash\b(?! ?app)|\bcash (?:only|at pick ?up|on pick ?up|when you (?:come|arrive|pick))\b/g,
  },
];

/** a deposit to hold or ship a puppy, or before the family has seen it (unless paid through PuppyNest) */
export const DEPOSIT: Rule = {
  flag: 'deposit_before_visit',
  pattern:
    /\bdeposits?\b[^.!?\n]{0,80}\b(?:before|prior to|holds?|reserves?|secures?|ship|ships|shipping|transport|deliver|delivery)\b|\b(?:before|prior to)\b[^.!?\n]{0,60}\b(?:see|seeing|meet|meeting|visit|visiting|pick ?up)\b[^.!?\n]{0,60}\bdeposit\b/g,
};

/** what a fake seller bills once the family has paid: the crate, insurance, a vet certificate, the transport */
export const AFTER_SALE_ITEM =
  /\b(?:crate|insurance|vet(?:erinary)? certificate|health certificate|vaccination (?:papers|certificate)|transport(?:ation|er)?|shipping|delivery|courier|pet nanny|quarantine|customs|airline|flight|cargo|clearance)\b/g;

/** ... and the demand for money beside it: "$850 refundable", "a $400 delivery fee", "you must pay" */
export const MONEY_DEMAND =
  /\$ ?\d|\b\d+ (?:dollars|usd)\b|\bfees?\b|\brefundable\b|\bmandatory\b|\brequired?\b|\brequires\b|\bmust pay\b|\bpayable\b|\bpay(?:ment)? (?:for|it|the)\b|\bsend (?:it|the)\b|\bcosts?\b|\bextra\b/;

/**
 * Paying outside the site takes the deal off PuppyNest too: these raise pay_outside and leave_site.
 * "Don't use the checkout" (PAY_PAST_CHECKOUT) is about the payment only, and is itself a negation.
 */
export const PAY_OUTSIDE: Rule = {
  flag: 'pay_outside',
  pattern:
    /\b(?:pay|paid|payment|deal|buy|sell|finish|complete|do (?:this|it|the deal)|take (?:this|it))\b[^.!?]{0,30}\b(?:outside|off|around)(?: of)? (?:the |this )?(?:site|app|platform|puppynest|website)\b|\b(?:skip|avoid|bypass|dodge|save on|save) (?:the )?(?:site|puppynest|platform|app|website)?\s?(?:s )?fees?\b|\bpay (?:me |us )?direct(?:ly)?\b|\bdirectly to (?:me|us)\b/g,
};

export const PAY_PAST_CHECKOUT: Rule = {
  flag: 'pay_outside',
  pattern:
    /\b(?:dont|do not|no need to) (?:use |go through |pay (?:on|through) )?(?:the |this |puppynest )?(?:checkout|site to pay)\b|\bskip (?:the )?checkout\b|\bcancel (?:the|your) (?:order|checkout)\b|\boutside (?:of )?(?:the )?checkout\b/g,
};

/**
 * Money sent to the seller ("send the rehoming fee", "send me the balance"): on PuppyNest a family pays
 * at checkout and sends nothing, so this is a payment elsewhere (unless the sentence is about checkout).
 */
export const SEND_MONEY: Rule = {
  flag: 'pay_outside',
  pattern:
    /\b(?:send|sending|transfer|mail) (?:me |us |her |him |it |over )?(?:the |a |your |that |this )?(?:\$ ?\d[\d,]*|\d[\d,]* dollars|[a-z]+ )?(?:fee|payment|money|balance|funds|deposit|rest)\b/g,
};

/**
 * A channel asked about in the same clause as PuppyNest's own checkout ("is Apple Pay available at
 * checkout?") is a question about paying here, not a request to pay elsewhere; "instead of the
 * checkout" is the opposite.
 */
export const AT_CHECKOUT =
  /\b(?:at|in|on|through|via|during|with) (?:the )?(?:puppynest |puppynests )?checkout\b|\b(?:through|on|via) puppynest\b/;
export const PAST_CHECKOUT = /\b(?:instead|rather|outside|skip|avoid|bypass|not|no)\b/;
