import type { WrittenDate } from './dates';
import type { ItinerarySource } from './schemas';

/** A flight as a line reader found it, its dates still as written (years are settled afterwards). */
export type RawSegment = {
  source: ItinerarySource;
  /** The lines it was read from, its own line first. */
  lines: number[];
  airline: string;
  flight_number: string;
  booking_class: string | null;
  origin: string;
  destination: string;
  departure: WrittenDate;
  departure_time: string | null;
  arrival: WrittenDate | null;
  arrival_time: string | null;
  /** '+1', '+2', '-1' as marked beside the arrival. */
  day_offset: number | null;
  /** A GDS display marks every arrival on another day, so an unmarked one lands the same day. */
  same_day_unless_marked: boolean;
  status: string | null;
  operated_by: string | null;
  locator: string | null;
};

/** One line of the pasted text: its number (from 1) and its text as pasted. */
export type TextLine = { line: number; text: string };
