import { expect, test } from 'vitest'
import { DEFAULT_POLICIES, fillPolicy, POLICIES, POLICY_SLUGS, policyBlocks } from './policies'

const farm = {
  name: 'Halvorsen Family Farm',
  contact_email: 'hello@farm.example',
  contact_phone: '(208) 555-0100',
  address: '1200 Creek Road, Emmett, ID 83617',
}

test('every default names the farm and how to reach it, with no placeholder left over', () => {
  for (const slug of POLICY_SLUGS) {
    const text = fillPolicy(DEFAULT_POLICIES[slug], farm)
    expect(text, slug).toContain('Halvorsen Family Farm')
    expect(text, slug).toContain('hello@farm.example')
    expect(text, slug).not.toMatch(/\{(farm|email|phone|address)\}/)
  }
})

test('a farm without a phone number is reached by email instead', () => {
  expect(fillPolicy('Call {phone}.', { ...farm, contact_phone: '' })).toBe(
    'Call hello@farm.example.',
  )
})

test('each policy has its own address', () => {
  expect(new Set(POLICIES.map((policy) => policy.path)).size).toBe(POLICY_SLUGS.length)
})

test('headings, lists and paragraphs; nothing else is markup', () => {
  const blocks = policyBlocks(
    'First line\nstill first.\n\n## Heading\n- one\n- two\nAfter the list.\n\n<script>x</script>',
  )
  expect(blocks).toEqual([
    { kind: 'paragraph', text: 'First line still first.' },
    { kind: 'heading', text: 'Heading' },
    { kind: 'list', items: ['one', 'two'] },
    { kind: 'paragraph', text: 'After the list.' },
    { kind: 'paragraph', text: '<script>x</script>' },
  ])
})
