// The grass-fed beef landing page's fixed copy. Health statements stay modest and general:
// they describe what studies of grass-finished beef commonly report, not medical claims.

export type CopyBlock = { title: string; body: string }

export const grassFedIntro =
  'Our beef comes from cattle that spend their whole lives on the grass of the Camas Prairie, moved to fresh pasture every few days and fed our own hay through the winter. It is beef the way it used to taste.'

export const grassFedReasons: readonly CopyBlock[] = [
  {
    title: 'Grass-fed and grass-finished',
    body: 'Plenty of beef is called grass-fed and then finished on grain for the last months. Ours never sees a feedlot or a grain ration, from birth to harvest.',
  },
  {
    title: 'Better for the land',
    body: 'Moving the herd often builds soil instead of wearing it out. Our pastures hold more water every year and the creek running through them is clearer than when we started.',
  },
  {
    title: 'Raised with care',
    body: 'Calves stay with their mothers, the herd is handled calmly and quietly, and no animal is given antibiotics in its feed or hormones of any kind.',
  },
  {
    title: 'Flavor you can taste',
    body: "Grass-finished beef is leaner and has a deeper, more mineral flavor. We dry-age every cut for 21 days, and our customers tell us it's the best beef they've had.",
  },
]

export const grassFedHealthBenefits: readonly CopyBlock[] = [
  {
    title: 'More omega-3 fatty acids',
    body: 'Studies of grass-finished beef commonly find more omega-3 fats and a better balance of omega-6 to omega-3 than in grain-finished beef.',
  },
  {
    title: 'Rich in CLA',
    body: 'Beef from cattle finished on pasture tends to carry more conjugated linoleic acid (CLA), a fat that researchers continue to study with interest.',
  },
  {
    title: 'Vitamins and antioxidants',
    body: 'Fresh grass gives the beef more vitamin E and beta-carotene, which is why the fat of grass-fed beef often has a golden color.',
  },
  {
    title: 'Leaner, protein-rich cuts',
    body: 'Grass-finished beef is generally leaner than feedlot beef while giving you the same complete protein, iron, zinc and B vitamins.',
  },
]

export const grassFedStory = {
  title: 'From our pasture to your table',
  body: [
    'Every steer we sell was born on our farm near Fairfield. It spends around two years grazing, growing slowly the way cattle are meant to, before it goes to a small family-run, USDA-inspected butcher an hour down the road.',
    'Then the beef comes home to our farm store, where we pack your order ourselves. When you buy from us you know exactly where your beef was raised and who raised it, and you are always welcome to come and see.',
  ],
}
