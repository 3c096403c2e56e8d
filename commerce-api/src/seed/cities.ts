// Real US cities, grouped by the regions of docs/product.md §9, for the locations of demo listings.
import type { Region } from '../domain/model.ts';

export const CITIES_BY_REGION: Readonly<Record<Region, readonly string[]>> = {
  northeast: [
    'Boston, MA', 'New York, NY', 'Albany, NY', 'Buffalo, NY', 'Philadelphia, PA', 'Pittsburgh, PA',
    'Hartford, CT', 'Providence, RI', 'Burlington, VT', 'Portland, ME', 'Newark, NJ', 'Baltimore, MD',
  ],
  southeast: [
    'Atlanta, GA', 'Savannah, GA', 'Charlotte, NC', 'Raleigh, NC', 'Nashville, TN', 'Knoxville, TN',
    'Orlando, FL', 'Tampa, FL', 'Miami, FL', 'Charleston, SC', 'Richmond, VA', 'Louisville, KY',
    'Birmingham, AL', 'New Orleans, LA',
  ],
  midwest: [
    'Chicago, IL', 'Columbus, OH', 'Cincinnati, OH', 'Indianapolis, IN', 'Minneapolis, MN', 'Milwaukee, WI',
    'Madison, WI', 'Detroit, MI', 'Grand Rapids, MI', 'Kansas City, MO', 'St. Louis, MO', 'Omaha, NE',
    'Des Moines, IA', 'Wichita, KS',
  ],
  southwest: [
    'Austin, TX', 'Dallas, TX', 'Houston, TX', 'San Antonio, TX', 'El Paso, TX', 'Phoenix, AZ',
    'Tucson, AZ', 'Scottsdale, AZ', 'Albuquerque, NM', 'Santa Fe, NM', 'Oklahoma City, OK', 'Tulsa, OK',
  ],
  west: [
    'Portland, OR', 'Bend, OR', 'Seattle, WA', 'Spokane, WA', 'San Diego, CA', 'Sacramento, CA',
    'Los Angeles, CA', 'San Jose, CA', 'Denver, CO', 'Boulder, CO', 'Boise, ID', 'Salt Lake City, UT',
    'Las Vegas, NV',
  ],
};
