export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      answer_counts: {
        Row: {
          answer_text: string
          count: number
          question_id: number
        }
        Insert: {
          answer_text: string
          count?: number
          question_id: number
        }
        Update: {
          answer_text?: string
          count?: number
          question_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "answer_counts_question_id_answer_text_fkey"
            columns: ["question_id", "answer_text"]
            isOneToOne: true
            referencedRelation: "answer_scores"
            referencedColumns: ["question_id", "answer_text"]
          },
        ]
      }
      answer_scores: {
        Row: {
          answer_text: string
          duty: number
          honor: number
          love: number
          position: number
          question_id: number
          reason: number
        }
        Insert: {
          answer_text: string
          duty: number
          honor: number
          love: number
          position: number
          question_id: number
          reason: number
        }
        Update: {
          answer_text?: string
          duty?: number
          honor?: number
          love?: number
          position?: number
          question_id?: number
          reason?: number
        }
        Relationships: []
      }
      hidden_page_secret: {
        Row: {
          id: boolean
          password_hash: string
          updated_at: string
        }
        Insert: {
          id?: boolean
          password_hash: string
          updated_at?: string
        }
        Update: {
          id?: boolean
          password_hash?: string
          updated_at?: string
        }
        Relationships: []
      }
      response_quadrants: {
        Row: {
          first_high: boolean
          first_value: string
          pair_position: number
          respondents: number
          second_high: boolean
          second_value: string
        }
        Insert: {
          first_high: boolean
          first_value: string
          pair_position: number
          respondents?: number
          second_high: boolean
          second_value: string
        }
        Update: {
          first_high?: boolean
          first_value?: string
          pair_position?: number
          respondents?: number
          second_high?: boolean
          second_value?: string
        }
        Relationships: []
      }
      response_summary: {
        Row: {
          duty_max: number | null
          duty_min: number | null
          duty_raw_sum: number
          honor_max: number | null
          honor_min: number | null
          honor_raw_sum: number
          id: boolean
          love_max: number | null
          love_min: number | null
          love_raw_sum: number
          reason_max: number | null
          reason_min: number | null
          reason_raw_sum: number
          respondents: number
        }
        Insert: {
          duty_max?: number | null
          duty_min?: number | null
          duty_raw_sum?: number
          honor_max?: number | null
          honor_min?: number | null
          honor_raw_sum?: number
          id?: boolean
          love_max?: number | null
          love_min?: number | null
          love_raw_sum?: number
          reason_max?: number | null
          reason_min?: number | null
          reason_raw_sum?: number
          respondents?: number
        }
        Update: {
          duty_max?: number | null
          duty_min?: number | null
          duty_raw_sum?: number
          honor_max?: number | null
          honor_min?: number | null
          honor_raw_sum?: number
          id?: boolean
          love_max?: number | null
          love_min?: number | null
          love_raw_sum?: number
          reason_max?: number | null
          reason_min?: number | null
          reason_raw_sum?: number
          respondents?: number
        }
        Relationships: []
      }
      responses: {
        Row: {
          created_at: string
          duty: number
          duty_normalized: number
          honor: number
          honor_normalized: number
          id: number
          love: number
          love_normalized: number
          name: string | null
          reason: number
          reason_normalized: number
          sample_key: number
          submission_id: string
          withdrawal_hash: string | null
        }
        Insert: {
          created_at?: string
          duty: number
          duty_normalized: number
          honor: number
          honor_normalized: number
          id?: never
          love: number
          love_normalized: number
          name?: string | null
          reason: number
          reason_normalized: number
          sample_key?: number
          submission_id: string
          withdrawal_hash?: string | null
        }
        Update: {
          created_at?: string
          duty?: number
          duty_normalized?: number
          honor?: number
          honor_normalized?: number
          id?: never
          love?: number
          love_normalized?: number
          name?: string | null
          reason?: number
          reason_normalized?: number
          sample_key?: number
          submission_id?: string
          withdrawal_hash?: string | null
        }
        Relationships: []
      }
      scoring_constants: {
        Row: {
          duty_denominator: number
          duty_result_denominator: number
          honor_denominator: number
          honor_result_denominator: number
          id: boolean
          love_denominator: number
          love_result_denominator: number
          quadrant_split: number
          reason_denominator: number
          reason_result_denominator: number
        }
        Insert: {
          duty_denominator: number
          duty_result_denominator: number
          honor_denominator: number
          honor_result_denominator: number
          id?: boolean
          love_denominator: number
          love_result_denominator: number
          quadrant_split: number
          reason_denominator: number
          reason_result_denominator: number
        }
        Update: {
          duty_denominator?: number
          duty_result_denominator?: number
          honor_denominator?: number
          honor_result_denominator?: number
          id?: boolean
          love_denominator?: number
          love_result_denominator?: number
          quadrant_split?: number
          reason_denominator?: number
          reason_result_denominator?: number
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      answer_shares: { Args: Record<PropertyKey, never>; Returns: Json }
      create_group: { Args: { name: Json }; Returns: Json }
      delete_group: { Args: { owner_key: string }; Returns: Json }
      export_respondents: {
        Args: {
          after_id: number
          key?: string
          page_size: number
          password: string
        }
        Returns: Json
      }
      find_respondents: {
        Args: { key?: string; password: string; query: string }
        Returns: Json
      }
      group_csv_rows: { Args: { owner_key: string }; Returns: Json }
      group_info: { Args: { join_code: string }; Returns: Json }
      group_map: { Args: { key: string }; Returns: Json }
      hidden_page_insights: {
        Args: { key?: string; password?: string }
        Returns: Json
      }
      insights: { Args: Record<PropertyKey, never>; Returns: Json }
      join_group: {
        Args: {
          join_code: string
          member_key: string
          secret: string
          submission_id: string
        }
        Returns: Json
      }
      leave_group: { Args: { key: string }; Returns: Json }
      remove_group_member: {
        Args: { member_id: number; owner_key: string }
        Returns: Json
      }
      rename_group: { Args: { name: Json; owner_key: string }; Returns: Json }
      response_stats: { Args: Record<PropertyKey, never>; Returns: Json }
      set_group_open: {
        Args: { open: boolean; owner_key: string }
        Returns: Json
      }
      set_hidden_page_password: {
        Args: { password: string }
        Returns: undefined
      }
      submit_response: {
        Args: {
          answers: Json
          name: Json
          submission_id: string
          withdrawal_secret?: string
        }
        Returns: Json
      }
      unlock_hidden_page: { Args: { password: string }; Returns: Json }
      withdraw_response: {
        Args: { secret: string; submission_id: string }
        Returns: Json
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

