import type { Shape } from '../../messages/shape.ts';
import type { seo as spec } from '../seo.ts';

/** The Roblox scripts guide, wholly English (`/en/seo`): the specification's English, in British spelling. */
export const seo = {
  path: '/seo',
  title: 'Roblox Scripts: Free Auto Farm, ESP and GUI Scripts for Popular Games',
  description:
    'Free, updated Roblox scripts for Blox Fruits, Adopt Me!, Brookhaven RP, Pet Simulator X, Da Hood and Arsenal: auto farms, ESP, aimbots, teleports, script hubs and more.',
  hero: {
    eyebrow: 'Roblox scripts guide',
    heading: 'Roblox Scripts for Every Popular Game',
    text:
      'Find working Roblox scripts in one place: auto farms, ESP, teleports, script hubs and more for the games you play most. Every script comes with a ready-to-copy loadstring, a description and regular updates.',
    cta: 'Browse All Scripts',
  },
  games: {
    heading: 'Popular Games',
    intro: 'Our catalogue covers the most played Roblox experiences. Start with one of these favourites:',
    linkLabel: 'Scripts for',
    items: [
      { name: 'Blox Fruits', blurb: 'Auto farm levels, collect fruits and grind bosses while you are away.' },
      { name: 'Adopt Me!', blurb: 'Speed up pet care, trading and money farming.' },
      { name: 'Brookhaven RP', blurb: 'Unlock roleplay extras, teleports and fun admin-style tools.' },
      { name: 'Pet Simulator X', blurb: 'Automate coin farming, egg hatching and pet upgrades.' },
      { name: 'Da Hood', blurb: 'Get an edge with aim assist, ESP and movement tweaks.' },
      { name: 'Arsenal', blurb: 'Sharpen your game with aimbot, ESP and gun mods.' },
    ],
  },
  types: {
    heading: 'Types of Scripts',
    intro: 'Whatever you want to automate or improve, there is a script type for it:',
    items: [
      { name: 'Auto Farm', description: 'Grinds levels, money and items for you automatically.' },
      { name: 'ESP', description: 'Shows players, items and objectives through walls.' },
      { name: 'Aimbot', description: 'Locks your aim onto targets in shooter games.' },
      { name: 'Teleport', description: 'Moves you instantly to any location or player.' },
      { name: 'Speed Hack', description: 'Changes your walk speed to get around faster.' },
      { name: 'Fly', description: 'Lets your character fly freely across the map.' },
      { name: 'Infinite Jump', description: 'Jump again in mid-air, as many times as you like.' },
      { name: 'Noclip', description: 'Walk through walls and other obstacles.' },
      { name: 'Auto Clicker', description: 'Clicks for you in clicker and simulator games.' },
      { name: 'Script Hub (GUI)', description: 'Many features for one or more games in a single menu.' },
    ],
  },
  benefits: {
    heading: 'Why Use Our Scripts',
    intro: 'We keep the catalogue useful, safe to browse and easy to use:',
    items: [
      { title: 'Free to Use', description: 'Browse, copy and run scripts at no cost.' },
      { title: 'Regular Updates', description: 'Scripts are refreshed after game updates.' },
      { title: 'Optimised Code', description: 'Lightweight loaders that run fast.' },
      { title: 'Copy in One Click', description: 'Every script has a ready-to-paste loadstring.' },
      { title: 'No Downloads', description: 'Nothing to install from us: just copy the text.' },
      { title: '24/7 Support', description: 'Our Telegram community is there when you need help.' },
    ],
  },
  guide: {
    heading: 'How to Use Roblox Scripts',
    intro: 'Running a script takes a minute:',
    steps: [
      { title: 'Find a script', description: 'Search the catalogue or open one of the popular games above.' },
      { title: 'Open the script page', description: 'Read the description and check which game it is for.' },
      { title: 'Copy the loadstring', description: 'Open the Script tab and press Copy.' },
      { title: 'Start the game and your executor', description: 'Join the game, then open the script executor you use.' },
      { title: 'Paste and execute', description: 'Paste the loadstring into the executor and run it.' },
    ],
  },
  faq: {
    heading: 'Frequently Asked Questions',
    items: [
      {
        question: 'Are these Roblox scripts free?',
        answer: 'Yes. Every script in the catalogue can be opened and copied for free. Some ask you to join our channels first.',
      },
      {
        question: 'Is it safe to use Roblox scripts?',
        answer:
          'The site itself is safe to browse, and we never ask you to download files. Using scripts in a game always carries a risk of a ban, so use them at your own risk and never in competitive modes.',
      },
      {
        question: 'What do I need to run a script?',
        answer: 'A script executor for Roblox. Copy the loadstring from the script page, paste it into your executor while in the game and execute it.',
      },
      {
        question: 'How often are scripts updated?',
        answer: 'We update scripts after game updates break them and add new ones regularly. Check the date on each script to see how fresh it is.',
      },
    ],
  },
  closing: {
    heading: 'Ready to Level Up?',
    text: 'Hundreds of scripts are waiting in the catalogue, ready to copy.',
    cta: 'Browse Scripts',
  },
} as const satisfies Shape<typeof spec>;
