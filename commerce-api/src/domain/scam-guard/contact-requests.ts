// Requests to carry the conversation off PuppyNest (decision 0117), read in folded words
// (text-views.ts): "text me", "WhatsApp me", "are you on Telegram?", "find us on Facebook", "what's
// your email?", "let's continue by phone", "take this off the site". Phone numbers, email addresses and
// links themselves are found by libraries (contact-finders.ts), not here.
import type { Rule } from './payment-requests.ts';

/** messaging apps; Signal, Snap and Messenger are also English words, so they count only as an app (below) */
const APPS = String.raw`(?:whats ?app|telegram|kik|viber|we ?chat|snapchat|skype|hangouts|google voice|google chat|text ?now|imessage|facetime|discord|messenger|signal|snap)`;

/** apps whose name alone is the app */
const APP_NAMES = /\b(?:whats ?app|telegram|kik|viber|we ?chat|snapchat|skype|google voice|text ?now)\b/g;

const SOCIAL = String.raw`(?:facebook|fb|instagram|insta|ig|tik ?tok|twitter|threads)`;

/** a verb that asks for a contact only when the sentence names where ("message me on Messenger", "DM me there") */
const WEAK_ASK =
  /\b(?:message|msg|contact|reach|dm|pm|inbox|hit|write|find|add|follow|friend|look) (?:me|us)\b|\bhmu\b/g;

/** the elsewhere a weak ask points to */
export const ELSEWHERE = new RegExp(
  String.raw`\b(?:${APPS}|${SOCIAL}|phone|number|cell|mobile|email|e ?mail|gmail|there|website|page|outside)\b|(?<![\w@])@[a-z0-9_]`,
);

export const WEAK_CONTACT: Rule = { flag: 'contact_request', pattern: WEAK_ASK };

export const CONTACT_RULES: readonly Rule[] = [
  // asks to be reached elsewhere
  {
    flag: 'contact_request',
    pattern:
      /\b(?:text|txt|sms|call|phone|ring|email|e ?mail|facetime|whats ?app|telegram|signal|kik|snap|skype) (?:me|us)\b|\b(?:text|txt|email|e ?mail) you\b/g,
  },
  {
    flag: 'contact_request',
    pattern: /\b(?:send|drop|shoot|give) (?:me|us) (?:a|an) (?:text|txt|sms|email|e ?mail|call|ring|line)\b/g,
  },
  // asks for the other party's contact
  {
    flag: 'contact_request',
    pattern:
      /\b(?:give|send|share|text|tell|leave) (?:me|us) your (?:phone |cell |mobile )?(?:number|phone|cell|email|e ?mail|whats ?app|telegram|contact)\b|\b(?:whats|what is) (?:your|the best|a good) (?:phone |cell )?(?:number|phone|cell|email|e ?mail|whats ?app|telegram|instagram|ig|fb|facebook)\b|\b(?:number|way) to (?:reach|call|text) you\b|\b(?:can|could|may) (?:i|we) (?:have|get) your (?:phone |cell )?(?:number|phone|cell|email|e ?mail)\b/g,
  },
  // a conversation moved to another medium
  {
    flag: 'contact_request',
    pattern:
      /\b(?:talk|chat|continue|send|sent|do (?:this|it)|reach|contact|speak|discuss|move|take|switch|finish|communicate|easier|better|faster|prefer)\b[^.!?]{0,30}\b(?:by|via|over|through|on|to) (?:the )?(?:phone|text|texts|sms|email|e ?mail)\b/g,
  },
  // an app named as where to talk: "are you on WhatsApp?", "move this to Signal", "my Telegram is"
  { flag: 'messaging_app', pattern: APP_NAMES },
  {
    flag: 'messaging_app',
    pattern: new RegExp(
      String.raw`\b(?:on|via|over|through|use|using|download|install|join|have|switch to|move (?:this |it )?to) ${APPS}\b|\b(?:signal|snap) ?app\b|\b(?:my|our) ${APPS} (?:is|name is|handle is)\b`,
      'g',
    ),
  },
  // a social profile as where to talk or look
  {
    flag: 'social_profile',
    pattern: new RegExp(
      String.raw`\b(?:find|add|follow|friend|look|search|check|dm|message|msg|inbox|contact|reach|see|visit|like|join)\b[^.!?]{0,25}\b(?:on|at|via|in) (?:our |my )?${SOCIAL}\b|\b(?:follow|add|find|check out|visit|see|like|join) (?:our|my) (?:${SOCIAL}|page|group)\b|\b(?:my|our) ${SOCIAL} (?:is|page is|name is|handle is)\b|\b${SOCIAL} ?(?:page|profile|handle)?:? @[a-z0-9_]|\b${SOCIAL} ?(?:page|profile|handle|name)?: ?@?[a-z0-9_]{3,}(?=\s*(?:[.!,]|$))`,
      'g',
    ),
  },
  // the conversation taken off the site
  {
    flag: 'leave_site',
    pattern:
      /\b(?:take|move|continue|finish|do|talk|chat)\b[^.!?]{0,30}\b(?:off|outside|away from)(?: of)? (?:the |this )?(?:site|app|platform|puppynest|website)\b/g,
  },
];
