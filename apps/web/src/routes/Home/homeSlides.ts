import type { Slide } from '../../components/Carousel';

/**
 * The home page's carousel. Kept apart from Home.tsx so the web build can read the first image without the
 * page's code: the server preloads it with the page (see routePreloads in vite.config.ts), since it is the
 * largest thing a visitor sees first.
 */
export const HOME_SLIDES: readonly Slide[] = [
  {
    image: '/images/carousel/hills.svg',
    alt: 'Rows of young trees on rolling green hills at sunrise',
    heading: 'Bare-root trees for every acre',
    text: 'Hardwoods, conifers and fruit trees, lifted fresh for spring planting.',
  },
  {
    image: '/images/carousel/conifers.svg',
    alt: 'A stand of dark conifers under an evening sky',
    heading: 'Windbreaks and wildlife cover',
    text: 'Spruce, pine and fir transplants that grow into shelter for years to come.',
  },
  {
    image: '/images/carousel/meadow.svg',
    alt: 'A prairie meadow full of yellow, purple and white wildflowers',
    heading: 'Native seed for pollinators',
    text: 'Prairie mixes and wildflowers suited to your ground.',
  },
  {
    image: '/images/carousel/orchard.svg',
    alt: 'Apple trees heavy with red fruit in a green orchard',
    heading: 'Fruit for the homestead',
    text: 'Hardy apples, plums and berries for the orchard and the yard.',
  },
];
