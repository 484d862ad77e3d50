export { parseItinerary } from './parse-itinerary';
export * from './schemas';
