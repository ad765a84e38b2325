// The About page's fixed copy: what the farm believes and how it works. It changes with the
// farming, not with the shop's settings, so it lives here rather than in farm_info; section
// titles and whether each section shows are settings (farm_info.*_title, show_*_section).

export type ValueIcon = 'grass' | 'heart' | 'soil' | 'community'

export type AboutValue = { title: string; body: string; icon: ValueIcon }

export type AboutPractice = { title: string; body: string }

export const aboutValues: readonly AboutValue[] = [
  {
    title: 'Grass-fed & grass-finished',
    body: 'Our cattle eat pasture from the day they are born to the day they leave the farm, and our own hay through the Camas Prairie winter. No grain, no feedlot, no finishing ration: just grass, water, sunshine and salt.',
    icon: 'grass',
  },
  {
    title: 'Animal welfare',
    body: 'Calves stay with their mothers until they wean naturally, the herd is moved with a bucket and a quiet voice rather than a prod, and our hens scratch in fresh pasture behind the cattle every day. Calm animals are healthy animals.',
    icon: 'heart',
  },
  {
    title: 'Regenerative land care',
    body: 'We graze each paddock hard for a few days, then let it rest for weeks. The roots go deeper, the soil holds more water, and the creek runs clearer than it did when we started. We measure it every spring.',
    icon: 'soil',
  },
  {
    title: 'Community',
    body: 'We sell to families, not to a commodity market. We know most of our customers by name, we help cook the 4-H barbecue at the county fair, and our gate is open on Saturdays for anyone who wants to see where their food comes from.',
    icon: 'community',
  },
]

export const aboutPracticesIntro =
  'Farming at 5,000 feet on the Camas Prairie means short summers, long winters and very little margin for shortcuts. Here is what a year on our land looks like.'

export const aboutPractices: readonly AboutPractice[] = [
  {
    title: 'Rotational grazing',
    body: 'From May to November the herd moves to a fresh strip of pasture every two or three days behind portable electric fence, so no plant is grazed twice before it has grown back.',
  },
  {
    title: 'Our own winter hay',
    body: 'We cut and bale hay from the upper meadows each July. When the snow comes the cattle eat the same grasses they grazed in summer, never a grain supplement.',
  },
  {
    title: 'Hens behind the herd',
    body: 'The mobile hen house follows the cattle a few days behind, and the hens spread manure and eat fly larvae as they go. Better pasture, fewer flies, richer yolks.',
  },
  {
    title: 'No sprays, no shortcuts',
    body: 'No synthetic fertilizers, herbicides or pesticides on the pasture or in the market garden. No antibiotics fed to healthy animals and never any added hormones. A sick animal is treated and sold outside our beef program.',
  },
  {
    title: 'Small-batch processing',
    body: 'Our steers go a few at a time to a family-owned, USDA-inspected butcher an hour down the road. Every cut is dry-aged for 21 days, vacuum-sealed and labeled.',
  },
]
