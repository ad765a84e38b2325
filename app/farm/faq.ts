import type { HoursLine } from './opening-hours'

// The contact page's four questions (spec section 2). The farm stand's hours come from the
// farm settings (D17), so the answer never disagrees with the hours printed beside it.

export type FaqItem = { id: string; question: string; answer: string }

function openHoursText(hours: ReadonlyArray<HoursLine>): string {
  const open = hours.filter((line) => line.hours !== 'Closed')
  if (open.length === 0) return 'Our farm stand hours are listed on this page.'
  return `Our farm stand is open ${open.map((line) => `${line.days}, ${line.hours}`).join('; ')}.`
}

export function contactFaq(hours: ReadonlyArray<HoursLine>): FaqItem[] {
  return [
    {
      id: 'tours',
      question: 'Do you offer farm tours?',
      answer:
        'Yes! We offer guided farm tours on Saturdays at 10am and 2pm. Tours last about 1 hour and cost $10 per person; children under 5 are free. Send us a message with the subject Farm Visit to book your spot.',
    },
    {
      id: 'purchase',
      question: 'How can I purchase your products?',
      answer: `You can order right here in our online shop and choose pickup at the farm or delivery at checkout. You are also welcome to stop by in person. ${openHoursText(hours)}`,
    },
    {
      id: 'organic',
      question: 'Are your products organic?',
      answer:
        'We are not certified organic, but we follow organic practices: we never use synthetic pesticides or fertilizers, and our animals never receive antibiotics or added hormones.',
    },
    {
      id: 'wholesale',
      question: 'Do you sell wholesale?',
      answer:
        'Yes, we supply restaurants and stores. Contact us using the form on this page with the subject Wholesale, and we will get back to you with pricing and availability.',
    },
  ]
}
